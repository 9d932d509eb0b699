#include "app/gui/start_hint.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QStyle>
#include <QTextDocument>
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
  const QString first =
      tr("<b>Where to begin:</b> &nbsp;1. load a robot (<b>Robot &gt; Built-in</b> or <b>Open "
         "URDF...</b>) &nbsp;&nbsp;2. shape the excitation (<b>Excitation</b> dock)");
  const QString second =
      tr("3. <b>Excitation &gt; Optimize</b> &nbsp;&nbsp;4. identify from your logs (<b>Identify &gt; "
         "Identification wizard...</b>)");
  oneLine_ = first + " &nbsp;&nbsp;" + second;
  twoLines_ = first + "<br>" + second;
  label_->setTextFormat(Qt::RichText);
  label_->setText(oneLine_);
  // One line as long as the window allows it (~1300 px), two in a narrower one (resizeEvent);
  // the label never holds the window wide.
  label_->setMinimumWidth(200);
  label_->setToolTip(QTextDocumentFragment::fromHtml(oneLine_).toPlainText());
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

QString StartHint::text() const { return QTextDocumentFragment::fromHtml(oneLine_).toPlainText(); }

bool StartHint::isTwoLines() const { return label_->text() == twoLines_; }

void StartHint::resizeEvent(QResizeEvent* event) {
  QToolBar::resizeEvent(event);
  // The room the label has: the bar less the close button, the banner's margins and the bar's own.
  const int room = width() - close_->sizeHint().width() - 40;
  QTextDocument doc;
  doc.setDefaultFont(label_->font());
  doc.setHtml(oneLine_);
  const QString& wanted = doc.idealWidth() <= room ? oneLine_ : twoLines_;
  if (label_->text() != wanted) label_->setText(wanted);
}

}  // namespace eb::gui
