#pragma once
// StateCommand: the one undo command of the workbench. It swaps whole
// DocumentState values, so every kind of edit (coefficient, period, limits,
// robot, optimizer result) undoes the same way. Consecutive edits of the
// same control during one slider drag merge into a single step.

#include "app/project/document_state.hpp"

#include <QUndoCommand>

namespace eb::gui {

class WorkbenchDocument;

class StateCommand : public QUndoCommand {
 public:
  /// `mergeKey` names the edited control ("offset/3"); empty never merges.
  /// `dragId` is the document's drag counter when the edit belongs to a drag, 0 otherwise.
  StateCommand(WorkbenchDocument* document, project::DocumentState before, project::DocumentState after,
               const QString& text, QString mergeKey = {}, quint64 dragId = 0);

  void undo() override;
  void redo() override;
  int id() const override { return mergeKey_.isEmpty() ? -1 : 1; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  WorkbenchDocument* document_;
  project::DocumentState before_;
  project::DocumentState after_;
  QString mergeKey_;
  quint64 dragId_;
};

}  // namespace eb::gui
