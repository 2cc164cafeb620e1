#include "recovery_banner.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace mapscape::ui {

RecoveryBanner::RecoveryBanner(QWidget* parent) : QFrame(parent) {
    setObjectName(QStringLiteral("recovery_banner"));
    setFrameShape(QFrame::StyledPanel);
    setStyleSheet(QStringLiteral("#recovery_banner { background: #fff4ce; border: 1px solid #e0c060; border-radius: 3px; }"));
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(8, 6, 8, 6);

    offer_row_ = new QWidget;
    auto* offer = new QHBoxLayout(offer_row_);
    offer->setContentsMargins(0, 0, 0, 0);
    auto* icon = new QLabel;
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(24, 24));
    offer_text_ = new QLabel;
    offer_text_->setWordWrap(true);
    offer_text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    restore_ = new QPushButton(tr("&Restore"));
    restore_->setToolTip(tr("Open the unsaved study as it was at its last recovery copy (marked modified: save it to keep it)"));
    discard_ = new QPushButton(tr("&Discard"));
    discard_->setToolTip(tr("Not offered again; the copy is set aside in the recovery folder's \"discarded\" folder"));
    later_ = new QPushButton(tr("&Later"));
    later_->setToolTip(tr("Leave the copy where it is and offer it again at the next start"));
    offer->addWidget(icon);
    offer->addWidget(offer_text_, 1);
    offer->addWidget(restore_);
    offer->addWidget(discard_);
    offer->addWidget(later_);
    box->addWidget(offer_row_);

    notice_row_ = new QWidget;
    auto* notice = new QHBoxLayout(notice_row_);
    notice->setContentsMargins(0, 0, 0, 0);
    notice_text_ = new QLabel;
    notice_text_->setWordWrap(true);
    notice_text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    dismiss_ = new QPushButton(tr("Dismiss"));
    notice->addWidget(notice_text_, 1);
    notice->addWidget(dismiss_);
    box->addWidget(notice_row_);

    connect(restore_, &QPushButton::clicked, this, &RecoveryBanner::restore_requested);
    connect(discard_, &QPushButton::clicked, this, &RecoveryBanner::discard_requested);
    connect(later_, &QPushButton::clicked, this, &RecoveryBanner::later_requested);
    connect(dismiss_, &QPushButton::clicked, this, [this] {
        notices_.clear();
        refresh();
    });
    refresh();
}

void RecoveryBanner::add_offers(const std::vector<RecoveryCopy>& copies) {
    offers_.insert(offers_.end(), copies.begin(), copies.end());
    refresh();
}

void RecoveryBanner::add_notice(const QString& text) {
    notices_ << text;
    refresh();
}

void RecoveryBanner::pop_offer() {
    if (!offers_.empty()) offers_.pop_front();
    refresh();
}

void RecoveryBanner::refresh() {
    if (!offers_.empty()) {
        const RecoveryCopy& c = offers_.front();
        QString text = tr("<b>Mapscape did not close normally.</b> Unsaved work on %1, copied %2, can be restored.")
                           .arg(c.summary().toHtmlEscaped(), QLocale().toString(c.written.toLocalTime(), QLocale::ShortFormat));
        if (offers_.size() > 1) text += tr(" (%1 more copies after this one.)").arg(offers_.size() - 1);
        offer_text_->setText(text);
    }
    offer_row_->setVisible(!offers_.empty());
    notice_text_->setText(notices_.join(QStringLiteral("\n")));
    notice_row_->setVisible(!notices_.isEmpty());
    setVisible(!offers_.empty() || !notices_.isEmpty());
}

}  // namespace mapscape::ui
