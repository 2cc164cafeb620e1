// The strip above the main tabs that offers the unsaved work of an instance that died (one copy
// at a time, newest first: Restore, Discard, Later) and says which recovery copies were refused
// and why. It never blocks: the window is usable while it is shown, and nothing is modal.
#pragma once

#include <QFrame>

#include <deque>

#include "recovery_store.hpp"

class QLabel;
class QPushButton;

namespace mapscape::ui {

class RecoveryBanner : public QFrame {
    Q_OBJECT
public:
    explicit RecoveryBanner(QWidget* parent = nullptr);

    void add_offers(const std::vector<RecoveryCopy>& copies);
    void add_notice(const QString& text);
    // The copy shown (the front of the queue); nullptr when none.
    const RecoveryCopy* current() const { return offers_.empty() ? nullptr : &offers_.front(); }
    std::size_t offer_count() const { return offers_.size(); }
    // After the window acted on the current copy.
    void pop_offer();
    const QStringList& notices() const { return notices_; }

    QLabel* offer_text() const { return offer_text_; }
    QLabel* notice_text() const { return notice_text_; }
    QPushButton* restore_button() const { return restore_; }
    QPushButton* discard_button() const { return discard_; }
    QPushButton* later_button() const { return later_; }

signals:
    void restore_requested();
    void discard_requested();
    void later_requested();

private:
    void refresh();

    std::deque<RecoveryCopy> offers_;
    QStringList notices_;
    QWidget *offer_row_, *notice_row_;
    QLabel *offer_text_, *notice_text_;
    QPushButton *restore_, *discard_, *later_, *dismiss_;
};

}  // namespace mapscape::ui
