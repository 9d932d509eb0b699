#include "widgets/log_panel.hpp"

#include <QTime>

namespace eb::widgets {

LogPanel::LogPanel(QWidget* parent) : QPlainTextEdit(parent) {
  setReadOnly(true);
  setMaximumBlockCount(2000);  // a long session must not grow without bound
  setLineWrapMode(QPlainTextEdit::WidgetWidth);
  QFont f = font();
  f.setPointSizeF(8.5);
  setFont(f);
  setObjectName("logPanel");
}

void LogPanel::log(Level level, const QString& message) {
  ++counts_[static_cast<int>(level)];
  last_ = message;
  static const char* colors[3] = {"#303030", "#a86400", "#c0392b"};
  static const char* tags[3] = {"", "warning: ", "error: "};
  const int i = static_cast<int>(level);
  appendHtml(QString("<span style='color:#888'>%1</span> <span style='color:%2'>%3%4</span>")
                 .arg(QTime::currentTime().toString("HH:mm:ss"), colors[i], tags[i], message.toHtmlEscaped()));
}

}  // namespace eb::widgets
