#pragma once
// Diagnostics driven from the command line, for benchmarks and documentation:
// report when the first animating frame is on screen, or save a screenshot of
// the window once the charts are alive, then quit.

#include <QElapsedTimer>
#include <QString>

namespace eb::gui {

class MainWindow;

/// Prints "first_animated_frame_ms <ms since `sinceStart`>" to stdout as soon as the
/// view has drawn the robot at two different times of a playing excitation, then quits.
void installStartupProbe(MainWindow* window, QElapsedTimer sinceStart);

/// After the first evaluation has been drawn and `delayMs` more, saves the window
/// (PNG) to `path` and quits with status 0 (1 if it cannot be written).
void installScreenshot(MainWindow* window, const QString& path, int delayMs);

}  // namespace eb::gui
