#include "app/gui/start_hint.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QStyle>
#include <QTextDocumentFragment>
#include <QToolButton>

namespace eb::gui {
namespace {
constexpr const char* kDismissedKey = "hints/startDismissed";
}

StartHint::StartHint(QWidget* parent)
    : QToolBar(tr("Getting started"), parent), label_(new QLabel), close_(new QToolButton) {
  setObjectName("startHint");  // saveState() needs a stable name
  setMovable(false);
  setFloatable(false);
  auto* banner = new QWidget;
  banner->setObjectName("startHintBanner");
  banner->setStyleSheet("#startHintBanner { background: #fff8dc; border: 1px solid #e6d28c; }");
  // The menu paths are the real ones: a hint that names a missing menu is worse than none.
  label_->setText(
      tr("<b>Where to begin:</b> &nbsp;1. load a robot (<b>Robot &gt; Built-in</b> or <b>Open "
         "URDF...</b>) &nbsp;&nbsp;2. shape the excitation (<b>Excitation</b> dock) &nbsp;&nbsp;3. "
         "<b>Excitation &gt; Optimize</b> &nbsp;&nbsp;4. identify from your logs (<b>Identify &gt; "
         "Identification wizard...</b>)"));
  label_->setTextFormat(Qt::RichText);
  // One line as long as the window allows; a narrower window cuts it (the tooltip has it all)
  // rather than being held ~1300 px wide by it.
  label_->setMinimumWidth(200);
  label_->setToolTip(QTextDocumentFragment::fromHtml(label_->text()).toPlainText());
  close_->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  close_->setAutoRaise(true);
  close_->setToolTip(tr("Hide this hint (it stays hidden next time)"));
  auto* layout = new QHBoxLayout(banner);
  layout->setContentsMargins(8, 1, 1, 1);
  layout->addWidget(label_, 1);
  layout->addWidget(close_);
  addWidget(banner);
  connect(close_, &QToolButton::clicked, this, &StartHint::dismiss);
  hide();
}

void StartHint::showUnlessDismissed() { setVisible(!QSettings().value(kDismissedKey, false).toBool()); }

void StartHint::dismiss() {
  QSettings().setValue(kDismissedKey, true);
  hide();
}

QString StartHint::text() const { return QTextDocumentFragment::fromHtml(label_->text()).toPlainText(); }

}  // namespace eb::gui
