#include "app/gui/vector_state_guard.hpp"

#include "util/vector_state.hpp"

namespace eb::gui {

bool VectorStateGuard::eventFilter(QObject* watched, QEvent* event) {
  clearUpperVectorState();  // ~1 ns
  return QObject::eventFilter(watched, event);
}

}  // namespace eb::gui
