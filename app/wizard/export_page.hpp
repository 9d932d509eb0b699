#pragma once
// Page 5, Export: the estimate as params.json or params.yaml (the files
// excitebench-cli reads back), and the identified URDF (the robot's own URDF
// with the identified inertials; physically consistent estimates only).
// Every file is written atomically by the engine's writers.

#include "app/wizard/wizard_session.hpp"

#include <QWizardPage>

class QLabel;
class QListWidget;
class QPushButton;

namespace eb::wizard {

/// What the export page can write.
enum class ExportFormat { Json, Yaml, Urdf };

class ExportPage : public QWizardPage {
  Q_OBJECT
 public:
  explicit ExportPage(WizardSession* session, QWidget* parent = nullptr);

  void initializePage() override;
  void cleanupPage() override {}

  /// Whether `format` can be written now; `why` says why not.
  bool canExport(ExportFormat format, QString* why = nullptr) const;
  /// Writes the current estimate to `path` (atomically). Returns false with `error` set on failure.
  bool exportTo(ExportFormat format, const QString& path, QString* error = nullptr);

 signals:
  void exported(eb::wizard::ExportFormat format, const QString& path);

 private:
  void refresh();
  void exportWithDialog(ExportFormat format);

  WizardSession* session_;
  QLabel* summaryLabel_;
  QPushButton* buttons_[3];
  QLabel* reasons_[3];
  QListWidget* writtenList_;
  QLabel* statusLabel_;
};

}  // namespace eb::wizard
