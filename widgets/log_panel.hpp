#pragma once
// LogPanel: time-stamped messages for the user (loaded files, missing meshes,
// optimizer results, errors), newest at the bottom.

#include <QPlainTextEdit>

namespace eb::widgets {

class LogPanel : public QPlainTextEdit {
  Q_OBJECT
 public:
  enum class Level { Info, Warning, Error };

  explicit LogPanel(QWidget* parent = nullptr);
  int count(Level level) const { return counts_[static_cast<int>(level)]; }
  /// Last message text (without time stamp), for tests.
  QString lastMessage() const { return last_; }

 public slots:
  void log(eb::widgets::LogPanel::Level level, const QString& message);
  void info(const QString& message) { log(Level::Info, message); }
  void warning(const QString& message) { log(Level::Warning, message); }
  void error(const QString& message) { log(Level::Error, message); }

 private:
  int counts_[3] = {0, 0, 0};
  QString last_;
};

}  // namespace eb::widgets
