#include "widgets/joint_signal_charts.hpp"

#include "widgets/chart_style.hpp"
#include "widgets/cursor_chart_view.hpp"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSpinBox>
#include <QTabWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace eb::widgets {
namespace {

constexpr int kJointsPerPage = 8;
const char* kQuantityNames[4] = {"q", "qd", "qdd", "tau"};

QString unitOf(int quantity, bool prismatic) {
  static const char* rot[4] = {"rad", "rad/s", "rad/s\u00b2", "N m"};
  static const char* lin[4] = {"m", "m/s", "m/s\u00b2", "N"};
  return QString::fromUtf8(prismatic ? lin[quantity] : rot[quantity]);
}

}  // namespace

// One joint's chart: the signal, the allowed band, violation markers, the cursor.
struct JointSignalCharts::JointChart {
  CursorChartView* view = nullptr;
  QLineSeries* signal = nullptr;
  QLineSeries* bandUpper = nullptr;
  QLineSeries* bandLower = nullptr;
  QAreaSeries* band = nullptr;
  QScatterSeries* beyond = nullptr;
  QValueAxis* x = nullptr;
  QCategoryAxis* y = nullptr;  // our own tick labels: see setNiceTicks
  double ylo = 0.0, yhi = 1.0;  // what the y axis covers [unit of the quantity]
  int joint = 0;
  int points = 0;
};

namespace {

// Round y ticks, as many as the chart's plot area shows whole (a short chart in a small window
// gets fewer labels rather than labels elided to "..."), at most four.
void setYTicks(QChartView* view, QCategoryAxis* y, double lo, double hi) {
  const double plot = view->chart()->plotArea().height();
  // Before its first layout the plot area is empty: guess it from the view (title and x labels ~45 px).
  const double height = plot > 0.0 ? plot : view->height() - 45.0;
  setNiceTicks(y, lo, hi, std::min(4, wholeCategoryLabels(y, height)));
}

}  // namespace

JointSignalCharts::JointSignalCharts(QWidget* parent)
    : QWidget(parent), tabs_(new QTabWidget), page_(new QSpinBox), pageLabel_(new QLabel(tr("joints page"))) {
  for (int q = 0; q < 4; ++q) {
    pages_[q] = new QWidget;
    new QGridLayout(pages_[q]);
    pages_[q]->layout()->setContentsMargins(0, 0, 0, 0);
    tabs_->addTab(pages_[q], kQuantityNames[q]);
  }
  tabs_->setDocumentMode(true);
  page_->setRange(1, 1);
  auto* corner = new QWidget;
  auto* cornerLayout = new QHBoxLayout(corner);
  cornerLayout->setContentsMargins(0, 0, 4, 0);
  cornerLayout->addWidget(pageLabel_);
  cornerLayout->addWidget(page_);
  tabs_->setCornerWidget(corner);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(tabs_);
  connect(tabs_, &QTabWidget::currentChanged, this, [this] { rebuildPage(); });
  connect(page_, &QSpinBox::valueChanged, this, [this] { rebuildPage(); });
}

JointSignalCharts::~JointSignalCharts() = default;

int JointSignalCharts::currentQuantity() const { return tabs_->currentIndex(); }
void JointSignalCharts::setCurrentQuantity(int quantity) { tabs_->setCurrentIndex(quantity); }

void JointSignalCharts::setData(std::shared_ptr<const SignalChartData> data) {
  data_ = std::move(data);
  const int dof = data_ ? static_cast<int>(data_->jointNames.size()) : 0;
  const int pages = std::max(1, (dof + kJointsPerPage - 1) / kJointsPerPage);
  page_->setRange(1, pages);
  page_->setVisible(pages > 1);
  pageLabel_->setVisible(pages > 1);
  if (dof != builtDof_)
    rebuildPage();
  else
    refreshPage();
}

void JointSignalCharts::rebuildPage() {
  auto* grid = static_cast<QGridLayout*>(pages_[static_cast<size_t>(currentQuantity())]->layout());
  for (auto& c : charts_) delete c->view;
  charts_.clear();
  const int dof = data_ ? static_cast<int>(data_->jointNames.size()) : 0;
  builtDof_ = dof;
  builtQuantity_ = currentQuantity();
  builtPage_ = page_->value() - 1;
  const int first = builtPage_ * kJointsPerPage, last = std::min(dof, first + kJointsPerPage);
  const int count = last - first;
  const int columns = count <= 4 ? count : (count + 1) / 2;
  for (int j = first; j < last; ++j) {
    auto c = std::make_unique<JointChart>();
    c->joint = j;
    c->view = new CursorChartView;
    styleChartView(c->view, QString());
    // Two rows must fit the dock of a 1024 x 700 window (about 200 px) with their time labels.
    c->view->setMinimumSize(140, 90);
    // Thin aliased lines: small multiples repaint on every edit, and antialiased stroking is the slow part.
    c->view->setRenderHint(QPainter::Antialiasing, false);
    QChart* chart = c->view->chart();
    chart->legend()->hide();
    QFont titleFont = chart->titleFont();
    titleFont.setPointSizeF(8.0);
    titleFont.setBold(false);
    chart->setTitleFont(titleFont);
    c->signal = new QLineSeries;
    c->signal->setPen(QPen(QColor(0x2b, 0x5c, 0xa8), 1));
    c->bandUpper = new QLineSeries;
    c->bandLower = new QLineSeries;
    c->band = new QAreaSeries(c->bandUpper, c->bandLower);
    c->band->setColor(QColor(0x4c, 0xaf, 0x50, 40));
    c->band->setPen(QPen(QColor(0x4c, 0xaf, 0x50, 140), 1, Qt::DashLine));
    c->beyond = new QScatterSeries;
    c->beyond->setMarkerSize(5);
    c->beyond->setColor(QColor(0xd9, 0x30, 0x2c));
    c->beyond->setBorderColor(Qt::transparent);
    c->x = new QValueAxis;
    c->y = new QCategoryAxis;
    c->y->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    QFont small;
    small.setPointSizeF(7.0);
    c->x->setLabelsFont(small);
    c->y->setLabelsFont(small);
    c->x->setLabelFormat("%.3g");
    chart->addAxis(c->x, Qt::AlignBottom);
    chart->addAxis(c->y, Qt::AlignLeft);
    // A new height (the dock or the window resized, a tab shown) may hold more or fewer labels.
    // Queued: the slot changes the axis, which lays out the chart that is emitting.
    connect(
        chart, &QChart::plotAreaChanged, c->view,
        [c = c.get()](const QRectF&) { setYTicks(c->view, c->y, c->ylo, c->yhi); }, Qt::QueuedConnection);
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{c->band, c->signal, c->beyond}) {
      chart->addSeries(s);
      s->attachAxis(c->x);
      s->attachAxis(c->y);
    }
    const int idx = j - first;
    grid->addWidget(c->view, idx / std::max(columns, 1), idx % std::max(columns, 1));
    charts_.push_back(std::move(c));
  }
  refreshPage();
}

void JointSignalCharts::refreshPage() {
  if (currentQuantity() != builtQuantity_ || page_->value() - 1 != builtPage_) return rebuildPage();
  if (!data_) return;
  const int q = builtQuantity_;
  const Eigen::MatrixXd& values = data_->values[static_cast<size_t>(q)];
  const Eigen::VectorXd& t = data_->t;
  const double t0 = t.size() ? t[0] : 0.0, t1 = t.size() ? t[t.size() - 1] : 1.0;
  for (auto& c : charts_) {
    const int j = c->joint;
    const bool prismatic = j < static_cast<int>(data_->prismatic.size()) && data_->prismatic[static_cast<size_t>(j)];
    QString title = QString("%1%2 [%3]").arg(kQuantityNames[q]).arg(j + 1).arg(unitOf(q, prismatic));
    const bool have = j < values.cols() && values.rows() == t.size();
    QList<QPointF> points, beyond;
    double lo = 0.0, hi = 0.0;
    std::pair<double, double> limit(-INFINITY, INFINITY);
    if (j < static_cast<int>(data_->limits[static_cast<size_t>(q)].size()))
      limit = data_->limits[static_cast<size_t>(q)][static_cast<size_t>(j)];
    if (have) {
      points.reserve(static_cast<int>(t.size()));
      lo = hi = values(0, j);
      for (Eigen::Index i = 0; i < t.size(); ++i) {
        const double v = values(i, j);
        points.append(QPointF(t[i], v));
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        if (v < limit.first || v > limit.second) beyond.append(QPointF(t[i], v));
      }
    } else {
      title += tr(" not computed");
    }
    for (const SignalChartData::Mark& m : data_->violations)
      if (m.joint == j && m.quantity == q) beyond.append(QPointF(m.time, m.value));
    c->signal->replace(points);
    c->beyond->replace(beyond);
    c->points = static_cast<int>(points.size());
    // A limit far beyond the motion would flatten the curve: keep it off-scale and say so.
    const double span = std::max(hi - lo, std::max(std::abs(hi), std::abs(lo)));
    double ylo = lo, yhi = hi;
    QList<QPointF> upper, lower;
    const bool finiteBand = std::isfinite(limit.first) && std::isfinite(limit.second);
    QString offScale;
    if (finiteBand) {
      const bool near = limit.second - hi < 2.0 * span && lo - limit.first < 2.0 * span;
      if (near) {
        ylo = std::min(ylo, limit.first);
        yhi = std::max(yhi, limit.second);
      } else {
        // Short: the title of a chart in a 1024 px window has ~140 px (the tooltip says it in words).
        const QString range = limit.first == -limit.second
                                  ? QString::fromUtf8("\u00b1%1").arg(limit.second, 0, 'g', 3)
                                  : QString("%1..%2").arg(limit.first, 0, 'g', 3).arg(limit.second, 0, 'g', 3);
        title += tr(" lim %1").arg(range);
        offScale = tr("; limits %1, off the scale").arg(range);
      }
      upper = {QPointF(t0, limit.second), QPointF(t1, limit.second)};
      lower = {QPointF(t0, limit.first), QPointF(t1, limit.first)};
    }
    c->bandUpper->replace(upper);
    c->bandLower->replace(lower);
    if (c->view->chart()->title() != title) c->view->chart()->setTitle(title);  // a new title re-lays out the chart
    c->view->setToolTip(data_->jointNames.value(j) + offScale);
    setNiceRange(c->x, t0, t1 > t0 ? t1 : t0 + 1.0, 6);
    c->ylo = ylo;
    c->yhi = yhi;
    setYTicks(c->view, c->y, ylo, yhi);
  }
  setCursorTime(cursor_);
}

void JointSignalCharts::setCursorTime(double t) {
  cursor_ = t;
  for (auto& c : charts_) c->view->setCursorX(t, c->signal);
}

int JointSignalCharts::pointCount(int quantity, int joint) const {
  if (quantity != builtQuantity_) return -1;
  for (const auto& c : charts_)
    if (c->joint == joint) return c->points;
  return -1;
}

int JointSignalCharts::violationMarkerCount() const {
  int n = 0;
  for (const auto& c : charts_) n += static_cast<int>(c->beyond->count());
  return n;
}

}  // namespace eb::widgets

namespace eb::widgets {

int JointSignalCharts::renderCount() const {
  int n = 0;
  for (const auto& c : charts_) n += c->view->renderCount();
  return n;
}

}  // namespace eb::widgets
