// A schedule's timeline: a Gantt chart (a row per core, a bar per job segment coloured by model)
// above a stacked chart of the bandwidth each core is allocated (GB/s ticks; each core's colour
// beside its name), sharing one time axis (as the MAGMA paper's Figure 15), and a legend of the
// models below. Wheel to zoom around the cursor, drag to pan, double-click to fit;
// hover for a job's details and its bandwidth.
#pragma once

#include <QStringList>
#include <QWidget>

#include <vector>

#include "schedule/schedule.hpp"

namespace mapscape::ui {

struct TimelineJob {
    QString label;   // "resnet50#1/layer7"
    QString model;
    double macs = 0;
};

class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    explicit TimelineWidget(QWidget* parent = nullptr);
    // Segments' job fields index `jobs`; bandwidths are bytes per cycle.
    void set_schedule(std::vector<Segment> segments, std::vector<TimelineJob> jobs, std::vector<QString> core_names,
                      double system_bandwidth, double gbps_per_byte_per_cycle);
    void fit();
    double view_start() const { return view_start_; }
    double view_end() const { return view_end_; }
    void zoom(double factor, double around_time);
    std::size_t segment_count() const { return segments_.size(); }
    QColor model_colour(const QString& model) const;
    QColor core_colour(int core) const;
    // The models in the legend, in the order their colours were given (first job first).
    QStringList legend_models() const;
    // The bandwidth axis' ticks, in GB/s.
    std::vector<double> bandwidth_ticks_gbps() const;
    QSize sizeHint() const override { return {900, 420}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF gantt_area() const;
    QRectF bandwidth_area() const;
    void lay_out_legend();
    void resizeEvent(QResizeEvent* event) override;
    double x_of(double t) const;
    double t_of(double x) const;
    int segment_at(QPointF p) const;

    std::vector<Segment> segments_;
    std::vector<TimelineJob> jobs_;
    std::vector<QString> cores_;
    std::vector<QString> models_;  // in colour order
    struct LegendEntry {
        double x, row, width;
    };
    std::vector<LegendEntry> legend_entries_;  // one per model
    double legend_height_ = 0;
    double system_bw_ = 1, gbps_per_unit_ = 1, makespan_ = 1;
    double view_start_ = 0, view_end_ = 1;
    QPointF drag_from_;
    double drag_start_ = 0;
    bool user_moved_ = false;  // zoomed or panned: live updates keep the view
};

}  // namespace mapscape::ui
