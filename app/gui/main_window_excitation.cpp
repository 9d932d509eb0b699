// MainWindow: "Edit as" and the multi-sine editor wired to the document. Kept
// apart from main_window.cpp: the excitation families are one concern.

#include "app/gui/main_window.hpp"

#include "app/gui/optimizer_runner.hpp"
#include "app/gui/workbench_document.hpp"
#include "widgets/excitation_editor.hpp"
#include "widgets/log_panel.hpp"
#include "widgets/multisine_editor.hpp"
#include "widgets/optimize_panel.hpp"

namespace eb::gui {
namespace {

using Parametrization = widgets::ExcitationEditor::Parametrization;

// The editor's entries are in the order of the project's modes.
project::EditMode modeOf(Parametrization p) { return static_cast<project::EditMode>(static_cast<int>(p)); }
Parametrization parametrizationOf(project::EditMode m) { return static_cast<Parametrization>(static_cast<int>(m)); }
static_assert(static_cast<int>(Parametrization::Multisine) == static_cast<int>(project::EditMode::Multisine));

widgets::FrequencyGrid gridOf(const project::MultisineSettings& s) {
  return {s.minFrequency, s.maxFrequency, s.periodGrid, s.snapToGrid, s.optimizeFrequencies};
}

}  // namespace

void MainWindow::connectExcitationFamilies() {
  WorkbenchDocument* doc = document_;
  connect(editor_, &widgets::ExcitationEditor::parametrizationRequested, this, [this](Parametrization p) {
    const QString reason = document_->setEditMode(modeOf(p));
    editor_->showConversionProblem(reason);
    if (!reason.isEmpty()) log_->warning(tr("Cannot edit the multi-sine as a Fourier series: %1").arg(reason));
  });
  widgets::MultisineEditor* ms = editor_->multisineEditor();
  connect(ms, &widgets::MultisineEditor::termEdited, doc,
          [doc](int joint, int index, double amplitude, double frequency, double phase, bool dragging) {
            doc->setMultisineTerm(joint, index, {amplitude, frequency, phase}, dragging);
          });
  connect(ms, &widgets::MultisineEditor::termAdded, doc, &WorkbenchDocument::addMultisineTerm);
  connect(ms, &widgets::MultisineEditor::termRemoved, doc, &WorkbenchDocument::removeMultisineTerm);
  connect(ms, &widgets::MultisineEditor::durationEdited, doc, &WorkbenchDocument::setMultisineDuration);
  connect(ms, &widgets::MultisineEditor::rampEdited, doc, &WorkbenchDocument::setRampTime);
  connect(ms, &widgets::MultisineEditor::gridEdited, doc, [doc](const widgets::FrequencyGrid& g) {
    doc->setMultisineSettings({g.minFrequency, g.maxFrequency, g.period, g.snap, g.optimizeFrequencies});
  });
  connect(ms, &widgets::MultisineEditor::schroederRequested, this, [this] {
    const QString refusal = document_->applySchroederStart();
    if (refusal.isEmpty())
      log_->info(tr("Schroeder-phase start: equal amplitudes fitted to the limits, low crest factor"));
    else
      log_->warning(tr("No Schroeder-phase start: %1").arg(refusal));
  });
}

void MainWindow::showEditorSettings() {
  const project::DocumentSettings& s = document_->settings();
  editor_->setParametrization(parametrizationOf(s.editMode));
  editor_->multisineEditor()->setGrid(gridOf(s.multisine));
  editor_->optimizePanel()->setAvailable(true, QString());
}

}  // namespace eb::gui
