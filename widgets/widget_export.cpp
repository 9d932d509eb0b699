#include "widgets/widget_export.hpp"

#include "io/atomic_file.hpp"

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>
#include <QWidget>

#include <stdexcept>

namespace eb::widgets {

void savePng(const QImage& image, const QString& path) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (!image.save(&buffer, "PNG")) throw std::runtime_error(path.toStdString() + ": cannot encode PNG");
  writeFileAtomically(path.toStdString(), std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
}

void saveWidgetImage(QWidget* widget, const QString& path) {
  if (path.endsWith(".svg", Qt::CaseInsensitive)) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(widget->size());
    svg.setViewBox(widget->rect());
    svg.setTitle(widget->windowTitle());
    QPainter painter(&svg);
    widget->render(&painter);
    painter.end();
    writeFileAtomically(path.toStdString(), std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
    return;
  }
  savePng(widget->grab().toImage(), path);
}

}  // namespace eb::widgets
