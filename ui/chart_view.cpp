#include "chart_view.hpp"
#include "user_prompts.hpp"

#include <QCategoryAxis>
#include <QChart>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QGuiApplication>
#include <QLineSeries>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QOpenGLWidget>
#include <QPointer>
#include <QScatterSeries>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <limits>

#include "widget_export.hpp"

namespace mapscape::ui {

// What the worker holds of a chart: a copy of each layer's data, and the decimation it keeps up
// to date. Only the worker touches it, one job at a time.
struct DecimationState {
    struct Mirror {
        std::vector<QPointF> points;
        std::vector<std::uint8_t> preferred;
        MarkerDecimator markers;
        double base_cell = 0, cell = 0;  // the layer's marker size; the cell it is drawn with
        std::size_t max_markers = 0;     // its share of the chart's markers
        bool decimated = false;
        PlotFrame line_frame;
    };
    std::vector<Mirror> layers;
};

// build_data's request: built on the worker by the job that takes it.
struct LayerBuild {
    std::uint64_t id = 0;
    std::vector<int> layers;
    std::vector<std::uint64_t> versions;  // the layers' versions when asked: a later set_data wins
    ChartView::LayerBuilder build;
};

struct DecimationJob {
    struct Layer {
        int index = 0;
        bool lines = false, steps = false, removed = false, reset = false;
        double cell_px = 4;
        std::vector<QPointF> added;             // new points (all of them after a reset)
        std::vector<std::uint8_t> added_preferred;
        std::uint64_t version = 0;
    };
    int epoch = 0;
    PlotFrame frame;
    std::vector<Layer> layers;
    std::shared_ptr<DecimationState> state;
    std::shared_ptr<LayerBuild> build;  // null: nothing to build
    std::size_t max_markers = 0;        // 0: kMaxMarkersPerChart's rule
};

struct DecimationResult {
    struct Layer {
        int index = 0;
        std::uint64_t version = 0;  // of the layer's data (set_data replaces it)
        DecimatedSeries drawn;
    };
    struct Built {
        int index = 0;
        std::uint64_t version = 0;
        std::vector<QPointF> points;
        QRectF bounds;  // of the drawable points
        bool has_bounds = false;
    };
    int epoch = 0;
    PlotFrame frame;
    std::vector<Layer> layers;  // only the layers whose drawing changed
    std::uint64_t build_id = 0;  // the build the job made, if any
    std::vector<Built> built;
    double worker_ms = 0;
    std::string error;  // the job threw (a builder out of memory, say): nothing was drawn
};

namespace {

// Qt Charts makes a graphics item for every point of a scatter series (hidden here: the series
// paints light markers), at about 4 µs each on the GUI thread; a series grows by at most this
// many points per event-loop turn, so that a first burst of thousands does not stall the window.
constexpr int kMaxGrowthPerTurn = 1024;
// That item per point also costs about a microsecond at every replace() and a light marker to
// paint: a chart draws at most this many markers, shared by its marker layers with data (each
// at least kMinMarkersPerLayer), a layer's cells growing by a quarter at a time until it fits.
// 6,000 markers of 5 pixels cover two fifths of an 800 x 500 plot; a chart that needs more
// shows a dense cloud, and slightly larger cells leave it as dense on the screen.
constexpr std::size_t kMaxMarkersPerChart = 6000, kMinMarkersPerLayer = 1000;

DecimationResult run_decimation(DecimationJob& job) {
    QElapsedTimer clock;
    clock.start();
    DecimationResult result;
    result.frame = job.frame;
    result.epoch = job.epoch;
    DecimationState& state = *job.state;
    if (job.build) {
        // The layers' new data, made here rather than on the GUI thread; the mirror takes a copy,
        // the GUI thread the data (by move) and its bounds.
        std::vector<std::vector<QPointF>> data = job.build->build();
        data.resize(job.build->layers.size());
        result.build_id = job.build->id;
        for (std::size_t b = 0; b < job.build->layers.size(); ++b) {
            const int index = job.build->layers[b];
            auto l = std::find_if(job.layers.begin(), job.layers.end(), [&](const DecimationJob::Layer& j) { return j.index == index; });
            if (l == job.layers.end() || l->removed || l->version != job.build->versions[b]) continue;  // replaced since
            DecimationResult::Built built{index, l->version, std::move(data[b]), {}, false};
            for (const QPointF& p : built.points) {
                const QPointF a = axis_point(p, job.frame);
                if (std::isnan(a.x()) || std::isnan(a.y())) continue;
                if (!built.has_bounds) {
                    built.bounds = QRectF(p, p);
                    built.has_bounds = true;
                } else {
                    built.bounds.setLeft(std::min(built.bounds.left(), p.x()));
                    built.bounds.setRight(std::max(built.bounds.right(), p.x()));
                    built.bounds.setTop(std::min(built.bounds.top(), p.y()));
                    built.bounds.setBottom(std::max(built.bounds.bottom(), p.y()));
                }
            }
            l->reset = true;
            l->added = built.points;
            l->added_preferred.clear();
            result.built.push_back(std::move(built));
        }
    }
    std::size_t marker_layers = 0;
    for (const DecimationJob::Layer& l : job.layers) {
        const std::size_t mirrored = static_cast<std::size_t>(l.index) < state.layers.size() ? state.layers[static_cast<std::size_t>(l.index)].points.size() : 0;
        if (!l.lines && !l.removed && (l.reset ? !l.added.empty() : mirrored + l.added.size() > 0)) ++marker_layers;
    }
    // A chart's own cap is a cap: its layers share it, however many they are.
    const std::size_t max_markers = job.max_markers > 0 ? std::max<std::size_t>(100, job.max_markers / std::max<std::size_t>(1, marker_layers))
                                                        : std::max(kMinMarkersPerLayer, kMaxMarkersPerChart / std::max<std::size_t>(1, marker_layers));
    for (DecimationJob::Layer& l : job.layers) {
        if (static_cast<std::size_t>(l.index) >= state.layers.size()) state.layers.resize(static_cast<std::size_t>(l.index) + 1);
        DecimationState::Mirror& m = state.layers[static_cast<std::size_t>(l.index)];
        if (l.removed) {
            m = {};
            continue;
        }
        bool changed = l.reset || !l.added.empty();
        if (l.reset) {
            m.points = std::move(l.added);
            m.preferred = std::move(l.added_preferred);
            m.decimated = false;
        } else if (!l.added.empty()) {
            m.points.insert(m.points.end(), l.added.begin(), l.added.end());
            m.preferred.insert(m.preferred.end(), l.added_preferred.begin(), l.added_preferred.end());
        }
        if (!l.lines) {
            const double base_cell = std::max(1.0, l.cell_px);
            if (!m.decimated || !(m.markers.frame() == job.frame) || m.base_cell != base_cell) {
                m.base_cell = m.cell = base_cell;
                m.markers.reset(job.frame, m.cell);
                m.decimated = true;
                changed = true;
            }
            m.markers.take(m.points.data(), m.preferred.empty() ? nullptr : m.preferred.data(), m.points.size());
            // Beyond its share of markers the cells grow: see kMaxMarkersPerChart.
            if (m.max_markers != max_markers) {
                m.max_markers = max_markers;
                if (m.cell != m.base_cell) {  // start again from the marker's size
                    m.cell = m.base_cell;
                    m.markers.reset(job.frame, m.cell);
                    m.markers.take(m.points.data(), m.preferred.empty() ? nullptr : m.preferred.data(), m.points.size());
                    changed = true;
                }
            }
            while (m.markers.size() > max_markers && m.cell < 256) {
                m.cell *= 1.25;
                m.markers.reset(job.frame, m.cell);
                m.markers.take(m.points.data(), m.preferred.empty() ? nullptr : m.preferred.data(), m.points.size());
                changed = true;
            }
            if (changed) result.layers.push_back({l.index, l.version, m.markers.result(m.points.data())});
        } else if (changed || !m.decimated || !(m.line_frame == job.frame)) {
            result.layers.push_back({l.index, l.version, decimate_line(m.points, job.frame, l.steps)});
            m.line_frame = job.frame;
            m.decimated = true;
        }
    }
    result.worker_ms = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    return result;
}

// One thread that decimates for every chart in turn; results come back as queued calls on the
// GUI thread.
class DecimationWorker : public QObject {
public:
    static DecimationWorker* instance() {
        static QPointer<DecimationWorker> worker;
        if (!worker) worker = new DecimationWorker(QCoreApplication::instance());
        return worker;
    }
    ~DecimationWorker() override {
        pool_.clear();
        pool_.waitForDone();
    }
    void submit(std::function<void()> work) { pool_.start(std::move(work)); }
    void wait() { pool_.waitForDone(); }

private:
    explicit DecimationWorker(QObject* parent) : QObject(parent) {
        pool_.setMaxThreadCount(1);
        pool_.setExpiryTimeout(-1);
        pool_.setObjectName(QStringLiteral("chart decimation"));
    }
    QThreadPool pool_;
};

std::pair<double, double> padded(double lo, double hi, AxisScale scale) {
    if (scale == AxisScale::Log) {
        const double a = std::log10(lo), b = std::log10(hi), m = std::max(0.05, (b - a) * 0.06);
        return {std::pow(10, a - m), std::pow(10, b + m)};
    }
    const double span = hi - lo;
    const double m = span > 0 ? span * 0.05 : std::max(1.0, std::abs(lo) * 0.1);
    return {lo - m, hi + m};
}

bool drawable(const QPointF& p, const ChartAxis& x, const ChartAxis& y) {
    return std::isfinite(p.x()) && std::isfinite(p.y()) && (x.scale == AxisScale::Linear || p.x() > 0) &&
           (y.scale == AxisScale::Linear || p.y() > 0);
}

QImage marker_image(const QColor& color, double size_px, qreal device_pixel_ratio) {
    const int side = std::max(1, static_cast<int>(std::lround(size_px * device_pixel_ratio)));
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    image.fill(color);
    return image;
}

bool software_renderer(const QString& renderer) {
    const QString r = renderer.toLower();
    return r.contains("llvmpipe") || r.contains("softpipe") || r.contains("swrast") || r.contains("software");
}

}  // namespace

// The legend, drawn inside the plot at its top right as the canvas charts had it: Qt Charts'
// own legend, detached from the chart's layout, stacks its entries into columns instead.
class LegendBox : public QGraphicsItem {
public:
    struct Entry {
        QString name;
        QColor color;
        bool line = false;
        Qt::PenStyle style = Qt::SolidLine;
        double size = 4;  // marker side or line width
    };
    explicit LegendBox(QGraphicsItem* parent) : QGraphicsItem(parent) { setZValue(20); }
    void set_entries(std::vector<Entry> entries, const QFont& font) {
        prepareGeometryChange();
        entries_ = std::move(entries);
        font_ = font;
        setVisible(!entries_.empty());
    }
    // The height it needs: a row per entry (in one column).
    double height() const { return entries_.empty() ? 0 : QFontMetricsF(font_).height() * static_cast<double>(entries_.size()) + 8; }
    // Inside the plot at its top right (or the corner asked for), or (above: OpenGL markers,
    // drawn over the whole plot) at the chart's top, in the margin kept for it above the title.
    // Entries that do not fit the plot's height in one column fill more columns, each as wide as
    // the widest name (up to the plot's width), rather than being cut off at the bottom.
    void place(const QRectF& plot, bool above, Qt::Corner corner = Qt::TopRightCorner) {
        const QFontMetricsF fm(font_);
        double text = 0;
        for (const Entry& e : entries_) text = std::max(text, fm.horizontalAdvance(e.name));
        prepareGeometryChange();
        const double row = fm.height();
        const double room = above ? height() : std::max(row + 8, plot.height() - 12);
        rows_ = std::max(1, static_cast<int>((room - 8) / row));
        const int columns = std::max(1, (static_cast<int>(entries_.size()) + rows_ - 1) / rows_);
        rows_ = (static_cast<int>(entries_.size()) + columns - 1) / std::max(1, columns);
        const double widest = columns * (text + 34);
        const double w = std::max(40.0, std::min(widest, plot.width() * (columns > 1 ? 0.95 : 0.7)));
        column_width_ = w / columns;
        const double h = std::min(room, row * rows_ + 8);
        box_ = QRectF(0, 0, w, h);
        const bool left = !above && (corner == Qt::TopLeftCorner || corner == Qt::BottomLeftCorner);
        const bool bottom = !above && (corner == Qt::BottomLeftCorner || corner == Qt::BottomRightCorner);
        setPos(left ? plot.left() + 6 : plot.right() - w - (above ? 0 : 6), above ? 2 : bottom ? plot.bottom() - h - 6 : plot.top() + 6);
    }
    QRectF boundingRect() const override { return box_.adjusted(-1, -1, 1, 1); }
    void paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) override {
        const QFontMetricsF fm(font_);
        p->setPen(QColor(200, 200, 200));
        p->setBrush(QColor(255, 255, 255, 215));
        p->drawRect(box_);
        p->setFont(font_);
        for (std::size_t i = 0; i < entries_.size(); ++i) {
            const Entry& e = entries_[i];
            const int column = static_cast<int>(i) / std::max(1, rows_), row = static_cast<int>(i) % std::max(1, rows_);
            const double x = column * column_width_, y = 4 + row * fm.height();
            if (y + fm.height() > box_.height()) continue;
            const double mid = y + fm.height() / 2;
            if (e.line) {
                QPen pen(e.color, std::max(1.5, e.size), e.style);
                pen.setCapStyle(Qt::FlatCap);
                p->setPen(pen);
                p->drawLine(QPointF(x + 6, mid), QPointF(x + 20, mid));
            } else {
                const double side = std::max(4.0, e.size);
                p->fillRect(QRectF(x + 13 - side / 2, mid - side / 2, side, side), e.color);
            }
            p->setPen(QColor(40, 40, 40));
            p->drawText(QRectF(x + 26, y, column_width_ - 30, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                        fm.elidedText(e.name, Qt::ElideRight, column_width_ - 30));
        }
    }
private:
    std::vector<Entry> entries_;
    QFont font_;
    QRectF box_;
    int rows_ = 1;
    double column_width_ = 40;
};

// Marker layers go through OpenGL only where it is there and runs on a GPU: offscreen (tests,
// the benchmark by default) has no OpenGL, and a software rasterizer (llvmpipe under Xvfb)
// draws decimated markers slower than the raster light markers. MAPSCAPE_CHART_OPENGL=1 or 0
// overrides the choice.
static std::pair<bool, QString> decide_opengl() {
    const QByteArray forced = qgetenv("MAPSCAPE_CHART_OPENGL");
    if (forced == "0") return {false, QStringLiteral("off (MAPSCAPE_CHART_OPENGL=0)")};
    const QString platform = QGuiApplication::platformName();
    if (platform == "offscreen" || platform == "minimal") return {false, QStringLiteral("off (the %1 platform has no OpenGL)").arg(platform)};
    QOpenGLContext context;
    QOffscreenSurface surface;
    surface.create();
    if (!context.create() || !context.makeCurrent(&surface)) return {false, QStringLiteral("off (no OpenGL context)")};
    const auto* renderer = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
    const QString name = renderer ? QString::fromLatin1(renderer) : QStringLiteral("unknown");
    context.doneCurrent();
    if (forced == "1") return {true, QStringLiteral("on (MAPSCAPE_CHART_OPENGL=1; renderer %1)").arg(name)};
    if (software_renderer(name)) return {false, QStringLiteral("off (the OpenGL renderer, %1, is software)").arg(name)};
    return {true, QStringLiteral("on (renderer %1)").arg(name)};
}

static const std::pair<bool, QString>& opengl_decision() {
    static const std::pair<bool, QString> decision = decide_opengl();
    return decision;
}

bool ChartView::opengl_markers() { return opengl_decision().first; }
QString ChartView::opengl_reason() { return opengl_decision().second; }

ChartView::ChartView(QWidget* parent) : QChartView(new QChart, parent), state_(std::make_shared<DecimationState>()) {
    qRegisterMetaType<Hit>();
    QChart* c = chart();
    c->setBackgroundRoundness(0);
    c->setMargins(margins_);
    c->layout()->setContentsMargins(0, 0, 0, 0);
    c->setAnimationOptions(QChart::NoAnimation);
    c->setPlotAreaBackgroundVisible(true);  // a frame around the plot, as a figure has
    c->setPlotAreaBackgroundBrush(Qt::white);
    c->setPlotAreaBackgroundPen(QPen(QColor(150, 150, 150), 1));
    QFont title_font = font();
    title_font.setBold(true);
    c->setTitleFont(title_font);
    x_axis_ = new QCategoryAxis;
    y_axis_ = new QCategoryAxis;
    for (QCategoryAxis* axis : {x_axis_, y_axis_}) {
        axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        axis->setLabelsFont(font());
        axis->setTitleFont(font());
        axis->setGridLineColor(QColor(225, 225, 225));
        axis->setLinePenColor(QColor(150, 150, 150));
        axis->setTruncateLabels(false);
    }
    c->addAxis(x_axis_, Qt::AlignBottom);
    c->addAxis(y_axis_, Qt::AlignLeft);
    c->legend()->hide();
    legend_ = new LegendBox(c);
    empty_item_ = new QGraphicsSimpleTextItem(c);
    empty_item_->setBrush(QColor(120, 120, 120));
    empty_item_->setZValue(15);
    empty_message_ = tr("No data yet");
    // Markers, steps, grid and references are horizontal and vertical: crisp without
    // antialiasing, which costs a chart's paint about 3 ms; a polyline layer turns it on.
    setRenderHint(QPainter::Antialiasing, false);
    setFrameShape(QFrame::NoFrame);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    // The markers' (hidden) items move at every decimation; a spatial index would be rebuilt.
    scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    setMinimumSize(280, 200);
    connect(c, &QChart::plotAreaChanged, this, [this] {
        update_legend();  // and the references' labels after it, clear of it
        schedule();
    });
    apply_ranges();
}

ChartView::~ChartView() = default;

void ChartView::set_title(const QString& title) {
    title_ = title;
    chart()->setTitle(title);
}

void ChartView::set_axes(const Axis& x, const Axis& y) {
    const bool scales_changed = x.scale != x_.scale || y.scale != y_.scale;
    x_ = x;
    y_ = y;
    if (scales_changed)
        for (Layer& l : layers_) {
            l.has_bounds = false;
            update_bounds(l, 0);
        }
    x_ticks_.clear();
    y_ticks_.clear();
    apply_ranges();
}

int ChartView::add_layer(Layer l) {
    if (l.lines) {
        auto* series = new QLineSeries;
        l.series = series;
    } else {
        auto* series = new QScatterSeries;
        series->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        series->setBorderColor(Qt::transparent);
        if (opengl_markers()) series->setUseOpenGL(true);
        l.series = series;
    }
    l.series->setName(l.name);
    chart()->addSeries(l.series);
    l.series->attachAxis(x_axis_);
    l.series->attachAxis(y_axis_);
    layers_.push_back(std::move(l));
    style_series(layers_.back());
    update_legend();
    return static_cast<int>(layers_.size()) - 1;
}

void ChartView::style_series(Layer& l) {
    if (l.lines) {
        QPen pen(l.color, l.size, l.style);
        pen.setCapStyle(Qt::FlatCap);
        l.series->setPen(pen);
        l.series->setColor(l.color);
        return;
    }
    auto* series = static_cast<QScatterSeries*>(l.series);
    series->setMarkerSize(l.size);
    series->setColor(l.color);
    series->setBorderColor(Qt::transparent);
    if (!series->useOpenGL()) {
        // Light markers: the series paints an image per point instead of one graphics item each.
        series->setLightMarker(marker_image(l.color, l.size, devicePixelRatioF()));
        series->setPointsVisible(false);
    }
}

int ChartView::add_point_layer(const QString& name, const QColor& color, double size_px) {
    Layer l;
    l.name = name;
    l.color = color;
    l.size = size_px;
    return add_layer(std::move(l));
}

int ChartView::add_line_layer(const QString& name, const QColor& color, double width_px, bool steps, Qt::PenStyle style) {
    Layer l;
    l.name = name;
    l.color = color;
    l.size = width_px;
    l.lines = true;
    l.steps = steps;
    l.style = style;
    if (!steps) setRenderHint(QPainter::Antialiasing, true);
    return add_layer(std::move(l));
}

void ChartView::set_pickable(int index, bool pickable) { layer(index).pickable = pickable; }

void ChartView::set_layer_name(int index, const QString& name) {
    Layer& l = layer(index);
    if (l.name == name) return;
    l.name = name;
    if (l.series) l.series->setName(name);
    update_legend();
}

void ChartView::set_layer_color(int index, const QColor& color) {
    Layer& l = layer(index);
    if (l.color == color) return;
    l.color = color;
    if (l.series) style_series(l);
}

void ChartView::update_bounds(Layer& l, std::size_t first) {
    for (std::size_t i = first; i < l.points.size(); ++i) {
        const QPointF& p = l.points[i];
        if (!drawable(p, x_, y_)) continue;
        if (!l.has_bounds) {
            l.bounds = QRectF(p, p);
            l.has_bounds = true;
        } else {
            l.bounds.setLeft(std::min(l.bounds.left(), p.x()));
            l.bounds.setRight(std::max(l.bounds.right(), p.x()));
            l.bounds.setTop(std::min(l.bounds.top(), p.y()));
            l.bounds.setBottom(std::max(l.bounds.bottom(), p.y()));
        }
    }
}

void ChartView::set_data(int index, std::vector<QPointF> points) {
    Layer& l = layer(index);
    const bool was_empty = l.points.empty();
    l.points = std::move(points);
    l.preferred.clear();
    l.has_bounds = false;
    update_bounds(l, 0);
    l.reset = true;
    l.sent = 0;
    ++l.version;
    if (was_empty != l.points.empty()) update_legend();
    schedule();
}

void ChartView::build_data(const std::vector<int>& layers, LayerBuilder build, std::function<void()> done) {
    auto request = std::make_shared<LayerBuild>();
    request->id = ++build_id_;
    request->layers = layers;
    request->build = std::move(build);
    for (int index : layers) {
        Layer& l = layer(index);
        ++l.version;  // a decimation of the old data on its way is dropped; the old drawing stays
        l.reset = false;
        l.sent = l.points.size();
        request->versions.push_back(l.version);
    }
    pending_build_ = std::move(request);
    build_done_ = std::move(done);
    schedule();
}

void ChartView::set_max_markers(std::size_t markers) {
    max_markers_ = markers;
    schedule();
}

void ChartView::append(int index, QPointF point, bool preferred) {
    append(index, std::vector<QPointF>{point}, preferred ? std::vector<std::uint8_t>{} : std::vector<std::uint8_t>{0});
}

void ChartView::append(int index, const std::vector<QPointF>& points, const std::vector<std::uint8_t>& preferred) {
    if (points.empty()) return;
    Layer& l = layer(index);
    const bool was_empty = l.points.empty();
    const std::size_t first = l.points.size();
    if (!preferred.empty() && l.preferred.empty() && !l.points.empty()) {
        l.preferred.assign(l.points.size(), 1);  // every earlier point was preferred: the worker starts over
        l.reset = true;
    }
    l.points.insert(l.points.end(), points.begin(), points.end());
    if (!preferred.empty() || !l.preferred.empty()) {
        if (preferred.empty())
            l.preferred.resize(l.points.size(), 1);
        else
            l.preferred.insert(l.preferred.end(), preferred.begin(), preferred.end());
    }
    update_bounds(l, first);
    if (was_empty) update_legend();
    schedule();
}

void ChartView::remove_layer(int index) {
    Layer& l = layer(index);
    if (l.removed) return;
    l.removed = true;
    ++l.version;
    l.points.clear();
    l.preferred.clear();
    l.drawn = {};
    l.has_bounds = false;
    if (l.series) {
        chart()->removeSeries(l.series);
        l.series->deleteLater();
        l.series = nullptr;
    }
    update_legend();
    schedule();
}

void ChartView::clear_layers() {
    for (std::size_t k = 0; k < layers_.size(); ++k) remove_layer(static_cast<int>(k));
    layers_.clear();
    ++epoch_;  // a job in flight draws the old layers: its result is dropped
    pending_build_.reset();
    build_done_ = {};
    state_ = std::make_shared<DecimationState>();
    update_legend();
}

int ChartView::point_count(int index) const {
    if (index < 0 || index >= static_cast<int>(layers_.size())) return 0;
    return static_cast<int>(layers_[static_cast<std::size_t>(index)].points.size());
}

int ChartView::drawn_count(int index) const {
    if (index < 0 || index >= static_cast<int>(layers_.size())) return 0;
    const Layer& l = layers_[static_cast<std::size_t>(index)];
    return l.lines ? static_cast<int>(l.drawn.points.size()) : static_cast<int>(std::min<qsizetype>(l.drawn.points.size(), l.capacity));
}

std::optional<QRectF> ChartView::bounds(int index) const {
    const Layer& l = layers_[static_cast<std::size_t>(index)];
    if (!l.has_bounds || l.removed) return std::nullopt;
    return l.bounds;
}

int ChartView::drawn_total() const {
    int n = 0;
    for (int k = 0; k < static_cast<int>(layers_.size()); ++k) n += drawn_count(k);
    return n;
}

void ChartView::set_legend_corner(Qt::Corner corner) {
    if (corner == legend_corner_) return;
    legend_corner_ = corner;
    update_legend();
}

void ChartView::update_legend() {
    std::vector<LegendBox::Entry> entries;
    for (const Layer& l : layers_)
        if (l.series && !l.removed && !l.name.isEmpty() && !l.points.empty())
            entries.push_back({l.name, l.color, l.lines, l.style, l.lines ? l.size : std::min(l.size, 8.0)});
    legend_->set_entries(std::move(entries), font());
    // Inside the plot, top right, at most 70% of its width (names are elided to fit). Qt Charts
    // draws OpenGL series in an overlay above the whole plot: with them the legend goes above it.
    bool above = false;
    for (const Layer& l : layers_) above = above || (!l.lines && l.series && l.series->useOpenGL());
    if (above) {
        const int top = 2 + static_cast<int>(std::ceil(legend_->height()));
        if (margins_.top() != top) {
            margins_.setTop(top);
            chart()->setMargins(margins_);
        }
    }
    legend_->place(chart()->plotArea(), above, legend_corner_);
    // Content appeared or went (update_legend runs on both): the axes get their ticks or lose them.
    if (const bool content = has_content(); content != had_content_) {
        had_content_ = content;
        axes_dirty_ = true;
        schedule();
    }
    place_empty_message();
    update_references();  // their labels keep clear of the legend where it moved
}

QSize ChartView::sizeHint() const { return {420, 320}; }

void ChartView::set_references(std::vector<Reference> references) {
    references_ = std::move(references);
    for (auto& [series, label] : reference_items_) {
        chart()->removeSeries(series);
        series->deleteLater();
        delete label;
    }
    reference_items_.clear();
    for (const Reference& r : references_) {
        auto* series = new QLineSeries;
        series->setPen(QPen(r.color, 1.4, Qt::DashLine));
        series->setName(r.label);
        chart()->addSeries(series);
        series->attachAxis(x_axis_);
        series->attachAxis(y_axis_);
        auto* label = new QGraphicsSimpleTextItem(r.label, chart());
        label->setBrush(r.color);
        label->setFont(font());
        label->setZValue(10);
        reference_items_.emplace_back(series, label);
    }
    update_legend();  // and the references after it
}

void ChartView::update_references() {
    const bool log_x = x_.scale == Scale::Log, log_y = y_.scale == Scale::Log;
    const double x0 = axis_coordinate(x_lo_, log_x), x1 = axis_coordinate(x_hi_, log_x);
    const double y0 = axis_coordinate(y_lo_, log_y), y1 = axis_coordinate(y_hi_, log_y);
    const QRectF plot = chart()->plotArea();
    for (std::size_t k = 0; k < references_.size() && k < reference_items_.size(); ++k) {
        const Reference& r = references_[k];
        auto [series, label] = reference_items_[k];
        const bool horizontal = r.orientation == Qt::Horizontal;
        const double v = axis_coordinate(r.value, horizontal ? log_y : log_x);
        const bool inside = std::isfinite(v) && (horizontal ? v >= y0 && v <= y1 : v >= x0 && v <= x1);
        series->replace(!std::isfinite(v) ? QList<QPointF>{}
                        : horizontal      ? QList<QPointF>{{x0, v}, {x1, v}}
                                          : QList<QPointF>{{v, y0}, {v, y1}});
        label->setVisible(inside && !plot.isEmpty());
        if (!label->isVisible()) continue;
        const QPointF at = chart()->mapToPosition(horizontal ? QPointF(x0, v) : QPointF(v, y1), series);
        const QRectF box = label->boundingRect();
        if (horizontal) {
            label->setRotation(0);
            label->setPos(at.x() + 6, at.y() - box.height() - 1);
        } else {
            label->setRotation(90);  // reads downwards, left of the line
            // Below the legend where the legend would cover it (an area budget near the right).
            double top = plot.top() + 6;
            const QRectF legend_box = legend_->isVisible() ? legend_->mapRectToParent(legend_->boundingRect()) : QRectF();
            if (legend_box.intersects(QRectF(at.x() - 2 - box.height(), top, box.height() + 2, box.width()))) top = legend_box.bottom() + 6;
            // A label longer than the plot is high loses its middle, not its end (where a
            // figure usually is: "compute-bound…batch 332"), and never runs past the plot.
            const double room = plot.bottom() - 4 - top;
            const QFontMetricsF fm(label->font());
            const QString text = fm.horizontalAdvance(r.label) > room ? fm.elidedText(r.label, Qt::ElideMiddle, std::max(0.0, room)) : r.label;
            if (label->text() != text) label->setText(text);
            label->setVisible(!text.isEmpty());
            label->setPos(at.x() - 2, top);
        }
    }
}

void ChartView::set_ranges(double x_lo, double x_hi, double y_lo, double y_hi) {
    x_lo_ = x_lo;
    x_hi_ = x_hi;
    y_lo_ = y_lo;
    y_hi_ = y_hi;
    apply_ranges();
}

void ChartView::set_x_range(double lo, double hi) {
    x_fixed_ = true;
    fitted_x_lo_ = lo;
    fitted_x_hi_ = hi;
    if (!user_view_) set_ranges(lo, hi, y_lo_, y_hi_);
}

void ChartView::set_y_range(double lo, double hi) {
    y_fixed_ = true;
    fitted_y_lo_ = lo;
    fitted_y_hi_ = hi;
    if (!user_view_) set_ranges(x_lo_, x_hi_, lo, hi);
}

void ChartView::fit_to_data() {
    double xmin = std::numeric_limits<double>::infinity(), xmax = -xmin, ymin = xmin, ymax = -xmin;
    for (const Layer& l : layers_)
        if (!l.removed && l.has_bounds) {
            xmin = std::min(xmin, l.bounds.left());
            xmax = std::max(xmax, l.bounds.right());
            ymin = std::min(ymin, l.bounds.top());
            ymax = std::max(ymax, l.bounds.bottom());
        }
    for (const Reference& r : references_) {
        const bool horizontal = r.orientation == Qt::Horizontal;
        const Scale s = horizontal ? y_.scale : x_.scale;
        if (!std::isfinite(r.value) || (s == Scale::Log && r.value <= 0)) continue;
        double& lo = horizontal ? ymin : xmin;
        double& hi = horizontal ? ymax : xmax;
        lo = std::min(lo, r.value);
        hi = std::max(hi, r.value);
    }
    if (!x_fixed_) {
        if (xmin > xmax) std::tie(xmin, xmax) = x_.scale == Scale::Log ? std::pair{1.0, 10.0} : std::pair{0.0, 1.0};
        std::tie(fitted_x_lo_, fitted_x_hi_) = padded(xmin, xmax, x_.scale);
    }
    if (!y_fixed_) {
        if (ymin > ymax) std::tie(ymin, ymax) = y_.scale == Scale::Log ? std::pair{1.0, 10.0} : std::pair{0.0, 1.0};
        std::tie(fitted_y_lo_, fitted_y_hi_) = padded(ymin, ymax, y_.scale);
    }
    if (!user_view_) set_ranges(fitted_x_lo_, fitted_x_hi_, fitted_y_lo_, fitted_y_hi_);
}

void ChartView::update_axis(QCategoryAxis* axis, const Axis& a, double lo, double hi) {
    const bool log = a.scale == Scale::Log;
    const double lo_axis = axis_coordinate(lo, log), hi_axis = axis_coordinate(hi, log);
    std::vector<double>& shown = axis == x_axis_ ? x_ticks_ : y_ticks_;
    const std::vector<double> ticks = has_content() ? axis_ticks(lo, hi, a) : std::vector<double>{};
    if (ticks != shown || axis->min() != lo_axis || axis->max() != hi_axis) {
        // Categories end at the ticks, labelled on their value: the grid and the labels fall on
        // round values in the quantity's unit, on either scale.
        const QStringList labels = axis->categoriesLabels();
        for (const QString& label : labels) axis->remove(label);
        axis->setStartValue(lo_axis - (hi_axis - lo_axis) * 1e-9);
        QStringList used;
        for (double t : ticks) {
            QString label = ui::tick_label(a, t);
            while (used.contains(label)) label += QChar(0x200B);  // the axis keys categories by label
            used << label;
            axis->append(label, axis_coordinate(t, log));
        }
        axis->setRange(lo_axis, hi_axis);
        shown = ticks;
        if (axis == x_axis_) {
            // A label on the plot's right edge reaches half its width past it: room for it.
            const int half = ticks.empty() ? 0 : static_cast<int>(QFontMetricsF(font()).horizontalAdvance(used.back()) / 2);
            margins_.setRight(std::max(8, half + 2));
            chart()->setMargins(margins_);
        }
    }
    const QString title = axis_title(a);
    if (axis->titleText() != title) axis->setTitleText(title);
}

void ChartView::apply_ranges() {
    // A log axis cannot show values that are not positive: fall back to one decade.
    if (x_.scale == Scale::Log && !(x_lo_ > 0 && x_hi_ > x_lo_)) x_lo_ = 1, x_hi_ = 10;
    if (y_.scale == Scale::Log && !(y_lo_ > 0 && y_hi_ > y_lo_)) y_lo_ = 1, y_hi_ = 10;
    if (!(x_hi_ > x_lo_)) x_hi_ = x_lo_ + 1;
    if (!(y_hi_ > y_lo_)) y_hi_ = y_lo_ + 1;
    // The axes follow once per event-loop turn: a range change re-lays out the chart and maps
    // every series again, which a burst of appends would otherwise pay point by point.
    axes_dirty_ = true;
    schedule();
}

void ChartView::flush_axes() {
    if (!axes_dirty_) return;
    axes_dirty_ = false;
    update_axis(x_axis_, x_, x_lo_, x_hi_);
    update_axis(y_axis_, y_, y_lo_, y_hi_);
    update_references();
    place_empty_message();
}

bool ChartView::has_content() const {
    if (!references_.empty()) return true;
    for (const Layer& l : layers_)
        if (!l.removed && !l.points.empty()) return true;
    return false;
}

void ChartView::set_empty_message(const QString& message) {
    empty_message_ = message;
    place_empty_message();
}

void ChartView::place_empty_message() {
    const bool empty = !has_content();
    empty_item_->setVisible(empty);
    if (!empty) return;
    empty_item_->setFont(font());
    empty_item_->setText(empty_message_);
    const QRectF plot = chart()->plotArea();
    const QRectF text = empty_item_->boundingRect();
    empty_item_->setPos(plot.center() - QPointF(text.width() / 2, text.height() / 2));
}

QRectF ChartView::plot_rect() const {
    const QRectF area = chart()->plotArea();
    if (area.width() < 2 || area.height() < 2) {
        // Not laid out yet (never shown): about where the plot will be.
        return QRectF(60, 30, std::max(200, width() - 80), std::max(150, height() - 80));
    }
    const QTransform to_viewport = viewportTransform();
    return QRectF(to_viewport.map(chart()->mapToScene(area.topLeft())), to_viewport.map(chart()->mapToScene(area.bottomRight())));
}

PlotFrame ChartView::frame() const {
    const QRectF plot = plot_rect();
    PlotFrame f;
    f.width_px = plot.width();
    f.height_px = plot.height();
    f.log_x = x_.scale == Scale::Log;
    f.log_y = y_.scale == Scale::Log;
    f.x_lo = axis_coordinate(x_lo_, f.log_x);
    f.x_hi = axis_coordinate(x_hi_, f.log_x);
    f.y_lo = axis_coordinate(y_lo_, f.log_y);
    f.y_hi = axis_coordinate(y_hi_, f.log_y);
    return f;
}

QPointF ChartView::axis_to_data(QPointF a) const {
    return {x_.scale == Scale::Log ? std::pow(10, a.x()) : a.x(), y_.scale == Scale::Log ? std::pow(10, a.y()) : a.y()};
}

QPointF ChartView::to_widget(QPointF data) const {
    const PlotFrame f = frame();
    const QRectF plot = plot_rect();
    const QPointF a = axis_point(data, f);
    return {plot.left() + (a.x() - f.x_lo) / (f.x_hi - f.x_lo) * plot.width(), plot.bottom() - (a.y() - f.y_lo) / (f.y_hi - f.y_lo) * plot.height()};
}

std::vector<double> ChartView::ticks(Qt::Orientation o) const {
    if (!has_content()) return {};
    return o == Qt::Horizontal ? axis_ticks(x_lo_, x_hi_, x_) : axis_ticks(y_lo_, y_hi_, y_);
}

QString ChartView::tick_label(Qt::Orientation o, double value) const {
    return ui::tick_label(o == Qt::Horizontal ? x_ : y_, value);
}

std::optional<ChartView::Hit> ChartView::nearest_point(QPointF at, double max_px) const {
    const PlotFrame f = frame();
    const QRectF plot = plot_rect();
    const double sx = plot.width() / (f.x_hi - f.x_lo), sy = plot.height() / (f.y_hi - f.y_lo);
    // Best by: a preferred point before one that is not, then distance, then a point before a vertex.
    std::optional<Hit> best;
    std::tuple<int, double, int> best_key{2, max_px * max_px, 2};
    for (std::size_t k = 0; k < layers_.size(); ++k) {
        const Layer& l = layers_[k];
        if (l.removed || (l.lines && !l.pickable)) continue;
        const int count = l.lines ? static_cast<int>(l.drawn.points.size()) : drawn_count(static_cast<int>(k));
        for (int i = 0; i < count; ++i) {
            const std::int32_t source = l.drawn.source[static_cast<std::size_t>(i)];
            if (source < 0 || static_cast<std::size_t>(source) >= l.points.size()) continue;
            const QPointF& a = l.drawn.points[i];
            const double dx = plot.left() + (a.x() - f.x_lo) * sx - at.x(), dy = plot.bottom() - (a.y() - f.y_lo) * sy - at.y();
            const double d = dx * dx + dy * dy;
            if (d > max_px * max_px) continue;
            const bool preferred = l.preferred.empty() || l.preferred[static_cast<std::size_t>(source)];
            const std::tuple<int, double, int> key{preferred ? 0 : 1, d, l.lines ? 1 : 0};
            if (key <= best_key) {
                best_key = key;
                best = Hit{static_cast<int>(k), source};
            }
        }
    }
    return best;
}

void ChartView::zoom(QPointF around, double factor) {
    if (!(factor > 0)) return;
    const PlotFrame f = frame();
    const QPointF c = axis_point(around, f);
    if (std::isnan(c.x()) || std::isnan(c.y())) return;
    const double x0 = c.x() - (c.x() - f.x_lo) / factor, x1 = c.x() + (f.x_hi - c.x()) / factor;
    const double y0 = c.y() - (c.y() - f.y_lo) / factor, y1 = c.y() + (f.y_hi - c.y()) / factor;
    user_view_ = true;
    const QPointF lo = axis_to_data({x0, y0}), hi = axis_to_data({x1, y1});
    set_ranges(lo.x(), hi.x(), lo.y(), hi.y());
}

void ChartView::reset_zoom() {
    user_view_ = false;
    fit_to_data();
}

void ChartView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        press_at_ = event->position();
        dragging_ = false;
    }
}

void ChartView::mouseMoveEvent(QMouseEvent* event) {
    if (press_at_ && (event->buttons() & Qt::LeftButton)) {
        const QPointF delta = event->position() - *press_at_;
        if (!dragging_ && std::hypot(delta.x(), delta.y()) < 4) return;
        dragging_ = true;
        // Pan: the data under the pointer follows it.
        const PlotFrame f = frame();
        const QRectF plot = plot_rect();
        const double dx = -delta.x() * (f.x_hi - f.x_lo) / plot.width(), dy = delta.y() * (f.y_hi - f.y_lo) / plot.height();
        const QPointF lo = axis_to_data({f.x_lo + dx, f.y_lo + dy}), hi = axis_to_data({f.x_hi + dx, f.y_hi + dy});
        user_view_ = true;
        press_at_ = event->position();
        set_ranges(lo.x(), hi.x(), lo.y(), hi.y());
        return;
    }
    const auto hit = nearest_point(event->position());
    emit hovered(hit.value_or(Hit{}), event->globalPosition().toPoint());
}

void ChartView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    const bool was_drag = dragging_;
    press_at_.reset();
    dragging_ = false;
    if (was_drag) return;
    if (const auto hit = nearest_point(event->position())) emit clicked(*hit);
}

void ChartView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) reset_zoom();
}

void ChartView::wheelEvent(QWheelEvent* event) {
    const PlotFrame f = frame();
    const QRectF plot = plot_rect();
    const QPointF at = event->position();
    const QPointF a{f.x_lo + (at.x() - plot.left()) / plot.width() * (f.x_hi - f.x_lo),
                    f.y_lo + (plot.bottom() - at.y()) / plot.height() * (f.y_hi - f.y_lo)};
    zoom(axis_to_data(a), std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

void ChartView::contextMenuEvent(QContextMenuEvent* event) {
    QMenu menu(this);
    menu.addAction(tr("Fit the data (double-click)"), this, &ChartView::reset_zoom)->setEnabled(user_view_);
    menu.addAction(tr("Save as PNG or SVG…"), this, [this] {
        const QString name = title_.section(':', 0, 0).trimmed().toLower().replace(' ', '_');
        const QString path = save_file_name(this, tr("Save chart"), (name.isEmpty() ? QStringLiteral("chart") : name) + ".png",
                                                          tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (!path.isEmpty() && !export_widget_image(this, path))
            warn(this, tr("Save chart"), tr("Could not write %1").arg(path));
    });
    menu.exec(event->globalPos());
}

void ChartView::leaveEvent(QEvent* event) {
    QChartView::leaveEvent(event);
    emit left();
}

void ChartView::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    update_legend();
    schedule();
}

bool ChartView::viewportEvent(QEvent* event) {
    // The OpenGL overlay Qt Charts puts over the plot (a child of the viewport) would take the
    // mouse; picking is ours.
    if (event->type() == QEvent::ChildPolished)
        if (auto* gl = qobject_cast<QOpenGLWidget*>(static_cast<QChildEvent*>(event)->child()))
            gl->setAttribute(Qt::WA_TransparentForMouseEvents);
    return QChartView::viewportEvent(event);
}

void ChartView::schedule() {
    dirty_ = true;
    if (queued_) return;
    queued_ = true;
    // Every change of this event-loop turn goes into one job (and one update of the axes).
    QTimer::singleShot(0, this, [this] {
        queued_ = false;
        flush_axes();
        if (dirty_ && !busy_) start_job();
    });
}

DecimationJob ChartView::make_job() {
    DecimationJob job;
    job.frame = frame();
    job.epoch = epoch_;
    job.state = state_;
    job.build = std::move(pending_build_);
    job.max_markers = max_markers_;
    for (std::size_t k = 0; k < layers_.size(); ++k) {
        Layer& l = layers_[k];
        DecimationJob::Layer j;
        j.index = static_cast<int>(k);
        j.lines = l.lines;
        j.steps = l.steps;
        j.removed = l.removed;
        j.cell_px = l.size;
        j.version = l.version;
        if (!l.removed) {
            j.reset = l.reset;
            const std::size_t first = l.reset ? 0 : l.sent;
            j.added.assign(l.points.begin() + static_cast<std::ptrdiff_t>(first), l.points.end());
            if (!l.preferred.empty()) j.added_preferred.assign(l.preferred.begin() + static_cast<std::ptrdiff_t>(first), l.preferred.end());
        }
        l.sent = l.points.size();
        l.reset = false;
        job.layers.push_back(std::move(j));
    }
    return job;
}

void ChartView::start_job() {
    QElapsedTimer clock;
    clock.start();
    dirty_ = false;
    busy_ = true;
    auto job = std::make_shared<DecimationJob>(make_job());
    gui_ms_ += static_cast<double>(clock.nsecsElapsed()) / 1e6;
    DecimationWorker* worker = DecimationWorker::instance();
    worker->submit([job, worker, view = QPointer<ChartView>(this)] {
        // Nothing may leave the pool thread by an exception (Qt would terminate the app): a job
        // that throws comes back as a result that says so.
        auto result = std::make_shared<DecimationResult>();
        try {
            *result = run_decimation(*job);
        } catch (const std::exception& e) {
            result->error = e.what();
        } catch (...) {
            result->error = "unknown error";
        }
        if (!result->error.empty()) {
            result->epoch = job->epoch;
            result->frame = job->frame;
        }
        QMetaObject::invokeMethod(
            worker,
            [view, result] {
                if (view) view->apply(std::move(*result));
            },
            Qt::QueuedConnection);
    });
}

void ChartView::apply(DecimationResult result) {
    QElapsedTimer clock;
    clock.start();
    busy_ = false;
    if (!result.error.empty()) {
        // The drawing stays as it was; the data asked for is not there: say so, and do not
        // retry a build that fails (a later edit asks again).
        build_done_ = {};
        emit failed(tr("Could not draw the chart: %1").arg(QString::fromStdString(result.error)));
        return;
    }
    last_worker_ms_ = result.worker_ms;
    const PlotFrame now = frame();
    // Drawn for other scales than the axes have now, or for layers since replaced: a newer job
    // is on its way.
    const bool stale = result.epoch != epoch_ || result.frame.log_x != now.log_x || result.frame.log_y != now.log_y;
    if (stale) dirty_ = true;
    // build_data's layers: their data, whether or not their drawing is stale (the worker's copy
    // of them is this data now).
    if (result.epoch == epoch_ && result.build_id != 0 && result.build_id == build_id_) {
        bool legend = false, taken = false;
        for (DecimationResult::Built& b : result.built) {
            if (b.index >= static_cast<int>(layers_.size())) continue;
            Layer& l = layer(b.index);
            if (l.removed || l.version != b.version) continue;
            legend |= l.points.empty() != b.points.empty();
            l.points = std::move(b.points);
            l.preferred.clear();
            l.bounds = b.bounds;
            l.has_bounds = b.has_bounds;
            l.sent = l.points.size();
            l.reset = false;
            taken = true;
        }
        if (legend) update_legend();
        auto done = std::exchange(build_done_, {});
        if (taken && done) done();  // not when every layer was replaced since
    }
    for (auto& [index, version, drawn] : result.layers) {
        if (stale || index >= static_cast<int>(layers_.size())) continue;
        Layer& l = layer(index);
        if (l.removed || !l.series || l.version != version) continue;
        l.drawn = std::move(drawn);
        show_drawn(l, result.frame);
    }
    last_apply_ms_ = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    gui_ms_ += last_apply_ms_;
    emit redrawn();
    if (dirty_) start_job();
}

void ChartView::show_drawn(Layer& l, const PlotFrame& f) {
    QList<QPointF> points = l.drawn.points;
    if (!l.lines && !l.series->useOpenGL()) {
        // The series keeps a stable length (points beyond the drawn ones wait far off the plot),
        // so that its graphics items are made once rather than at every change of the count.
        const int count = static_cast<int>(points.size());
        if (count > l.capacity)
            l.capacity = std::min(count, l.capacity + kMaxGrowthPerTurn);
        else if (count < l.capacity / 2)
            l.capacity = count;
        if (count > l.capacity) {
            points.resize(l.capacity);
            if (!growth_pending_) {  // the rest of a large burst: a slice per event-loop turn
                growth_pending_ = true;
                QTimer::singleShot(0, this, &ChartView::grow_markers);
            }
        }
        l.away = QPointF(f.x_lo - 1e3 * (f.x_hi - f.x_lo + 1), f.y_lo - 1e3 * (f.y_hi - f.y_lo + 1));
        while (points.size() < l.capacity) points.append(l.away);
    } else if (!l.lines) {
        l.capacity = static_cast<int>(points.size());  // OpenGL: no item per point, all of them at once
    }
    l.series->replace(points);
}

void ChartView::grow_markers() {
    QElapsedTimer clock;
    clock.start();
    growth_pending_ = false;
    const PlotFrame f = frame();
    for (Layer& l : layers_)
        if (!l.lines && !l.removed && l.series && static_cast<int>(l.drawn.points.size()) > l.capacity) show_drawn(l, f);
    gui_ms_ += static_cast<double>(clock.nsecsElapsed()) / 1e6;
    emit redrawn();
}

void ChartView::settle() {
    flush_axes();
    for (int guard = 0; guard < 100000 && (busy_ || dirty_ || growth_pending_); ++guard) {
        if (busy_) {
            DecimationWorker::instance()->wait();
            QCoreApplication::sendPostedEvents(DecimationWorker::instance(), QEvent::MetaCall);
        } else if (dirty_) {
            start_job();
        } else {
            grow_markers();
        }
    }
    // Qt Charts lays out titles and axis labels at the next turn of the event loop: now.
    if (chart()->layout()) chart()->layout()->activate();
    update_legend();  // and the references after it
}

}  // namespace mapscape::ui
