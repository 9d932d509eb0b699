#include "widgets/playback_bar.hpp"

#include "widgets/playback_clock.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

#include <cmath>

namespace eb::widgets {
namespace {
constexpr int kScrubSteps = 2000;
}

PlaybackBar::PlaybackBar(PlaybackClock* clock, QWidget* parent)
    : QWidget(parent),
      clock_(clock),
      start_(new QToolButton),
      play_(new QToolButton),
      loop_(new QToolButton),
      scrubber_(new QSlider(Qt::Horizontal)),
      time_(new QLabel),
      speed_(new QComboBox),
      export_(new QToolButton) {
  start_->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
  start_->setToolTip(tr("Back to t = 0"));
  play_->setCheckable(true);
  play_->setToolTip(tr("Play / pause (Space)"));
  play_->setObjectName("playButton");
  loop_->setCheckable(true);
  loop_->setText(tr("Loop"));
  loop_->setChecked(clock->loops());
  loop_->setToolTip(tr("Repeat the period"));
  scrubber_->setRange(0, kScrubSteps);
  scrubber_->setToolTip(tr("Time"));
  time_->setMinimumWidth(120);
  time_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  for (double s : {0.1, 0.25, 0.5, 1.0, 2.0, 4.0}) speed_->addItem(QString("%1x").arg(s), s);
  speed_->setCurrentIndex(3);
  speed_->setToolTip(tr("Playback speed"));
  export_->setText(tr("Frames..."));
  export_->setToolTip(tr("Export the playback of the 3D view as numbered PNG images into a folder"));

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->addWidget(start_);
  layout->addWidget(play_);
  layout->addWidget(loop_);
  layout->addWidget(scrubber_, 1);
  layout->addWidget(time_);
  layout->addWidget(speed_);
  layout->addWidget(export_);

  connect(start_, &QToolButton::clicked, clock_, [this] { clock_->setTime(0.0); });
  connect(play_, &QToolButton::toggled, clock_, &PlaybackClock::setPlaying);
  connect(loop_, &QToolButton::toggled, clock_, &PlaybackClock::setLoop);
  connect(speed_, &QComboBox::currentIndexChanged, this,
          [this] { clock_->setSpeed(speed_->currentData().toDouble()); });
  connect(scrubber_, &QSlider::valueChanged, this, [this](int v) {
    clock_->setTime(clock_->duration() * v / kScrubSteps);
  });
  connect(export_, &QToolButton::clicked, this, &PlaybackBar::exportFramesRequested);
  connect(clock_, &PlaybackClock::timeChanged, this, &PlaybackBar::showTime);
  connect(clock_, &PlaybackClock::durationChanged, this, [this] { showTime(clock_->time()); });
  connect(clock_, &PlaybackClock::playingChanged, this, [this](bool playing) {
    const QSignalBlocker block(play_);
    play_->setChecked(playing);
    play_->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  });
  play_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  showTime(clock_->time());
}

void PlaybackBar::showTime(double t) {
  time_->setText(QString("%1 / %2 s").arg(t, 0, 'f', 2).arg(clock_->duration(), 0, 'f', 2));
  if (scrubber_->isSliderDown()) return;  // the user is scrubbing: do not fight the handle
  const QSignalBlocker block(scrubber_);
  scrubber_->setValue(static_cast<int>(std::lround(t / clock_->duration() * kScrubSteps)));
}

}  // namespace eb::widgets
