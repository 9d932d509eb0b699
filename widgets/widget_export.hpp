#pragma once
// Saving what a widget shows: PNG through Qt's raster grab, SVG through
// QSvgGenerator (vector output for charts). Files are written atomically.

#include <QString>

class QImage;
class QWidget;

namespace eb::widgets {

/// Writes `widget` as PNG or SVG (by the path's suffix); throws std::runtime_error naming the path on failure.
void saveWidgetImage(QWidget* widget, const QString& path);

/// PNG bytes of `image` written atomically to `path`; throws std::runtime_error on failure.
void savePng(const QImage& image, const QString& path);

}  // namespace eb::widgets
