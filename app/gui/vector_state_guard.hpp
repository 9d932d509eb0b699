#pragma once
// VectorStateGuard: clears the AVX upper state on the GUI thread before every event.
//
// Code that runs inside Qt's event handling (label and line-edit style changes, chart scene
// updates, window repaints: `excitebench-gui-bench --trace-vector-state` lists the events;
// not the 3D renderer, whose frames end clean) leaves the upper
// halves of the vector registers dirty; every later SSE instruction on the thread then pays
// a penalty (sin + cos 420-510 ns instead of 18-28 ns on the reference VM). Clearing before
// each event bounds that to the event that dirtied it. See util/vector_state.hpp and
// docs/workbench-latency.md.

#include <QObject>

namespace eb::gui {

class VectorStateGuard : public QObject {
 public:
  using QObject::QObject;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace eb::gui
