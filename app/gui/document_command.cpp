#include "app/gui/document_command.hpp"

#include "app/gui/workbench_document.hpp"

namespace eb::gui {

StateCommand::StateCommand(WorkbenchDocument* document, project::DocumentState before,
                           project::DocumentState after, const QString& text, QString mergeKey, quint64 dragId)
    : QUndoCommand(text),
      document_(document),
      before_(std::move(before)),
      after_(std::move(after)),
      mergeKey_(std::move(mergeKey)),
      dragId_(dragId) {}

namespace {

// The position range used (the Optimize panel) is a setting the user states, saved but not an
// edit (WorkbenchDocument::setPositionRangeUsed): undo and redo leave it as it is now.
project::DocumentState withCurrentPositionRange(project::DocumentState state, const WorkbenchDocument& document) {
  state.settings.evaluation.limitScale.position = document.settings().evaluation.limitScale.position;
  return state;
}

}  // namespace

void StateCommand::undo() { document_->applyState(withCurrentPositionRange(before_, *document_)); }
void StateCommand::redo() { document_->applyState(withCurrentPositionRange(after_, *document_)); }

bool StateCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const StateCommand*>(other);  // id() 1 is only ever a StateCommand
  // Only steps of the same drag of the same control merge; a typed value or a new drag is its own step.
  if (dragId_ == 0 || o->dragId_ != dragId_ || o->mergeKey_ != mergeKey_) return false;
  after_ = o->after_;
  return true;
}

}  // namespace eb::gui
