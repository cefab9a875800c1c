// The words of booking mails in the five languages of the app. The host's mails are in English
// (the account has no language of its own yet); the visitor's in the language of the page they
// booked from. Times are written in the reader's zone, with the zone's name.
import type { BookingLanguage } from '../contracts/booking.ts';
import { LANGUAGE_META } from '../contracts/languages.ts';

export interface MailWords {
  bookedSubject: string;
  /** the subject when the host's words are left out (an outside visitor, a host not verified) */
  bookedSubjectPlain: string;
  bookedIntro: string;
  cancelledSubject: string;
  cancelledSubjectPlain: string;
  cancelledIntro: string;
  when: string;
  with: string;
  note: string;
  cancelHint: string;
  manageHint: string;
  /** before the link where a visitor reads what the mail leaves out */
  detailsHint: string;
}

const WORDS: Record<BookingLanguage, MailWords> = {
  en: {
    bookedSubject: 'Booked: {title} with {name}',
    bookedSubjectPlain: 'Booked: your meeting',
    bookedIntro: 'Your meeting is booked.',
    cancelledSubject: 'Cancelled: {title} with {name}',
    cancelledSubjectPlain: 'Cancelled: your meeting',
    cancelledIntro: 'This meeting was cancelled. The time is free again.',
    when: 'When',
    with: 'With',
    note: 'Note',
    cancelHint: 'Cannot make it? Cancel here:',
    manageHint: 'See and manage your bookings:',
    detailsHint: 'The details of your meeting are on this page:',
  },
  fr: {
    bookedSubject: 'Réservé : {title} avec {name}',
    bookedSubjectPlain: 'Réservé : votre rendez-vous',
    bookedIntro: 'Votre rendez-vous est réservé.',
    cancelledSubject: 'Annulé : {title} avec {name}',
    cancelledSubjectPlain: 'Annulé : votre rendez-vous',
    cancelledIntro: 'Ce rendez-vous a été annulé. Le créneau est de nouveau libre.',
    when: 'Quand',
    with: 'Avec',
    note: 'Note',
    cancelHint: 'Un empêchement ? Annulez ici :',
    manageHint: 'Voir et gérer vos réservations :',
    detailsHint: 'Les détails du rendez-vous sont sur cette page :',
  },
  vn: {
    bookedSubject: 'Đã đặt: {title} với {name}',
    bookedSubjectPlain: 'Đã đặt: cuộc hẹn của bạn',
    bookedIntro: 'Cuộc hẹn của bạn đã được đặt.',
    cancelledSubject: 'Đã huỷ: {title} với {name}',
    cancelledSubjectPlain: 'Đã huỷ: cuộc hẹn của bạn',
    cancelledIntro: 'Cuộc hẹn này đã bị huỷ. Khung giờ đã trống trở lại.',
    when: 'Thời gian',
    with: 'Với',
    note: 'Ghi chú',
    cancelHint: 'Không thể tham dự? Huỷ tại đây:',
    manageHint: 'Xem và quản lý lịch hẹn của bạn:',
    detailsHint: 'Chi tiết cuộc hẹn có trên trang này:',
  },
  cn: {
    bookedSubject: '已预约：{title}，与 {name}',
    bookedSubjectPlain: '已预约：您的会议',
    bookedIntro: '您的会议已预约成功。',
    cancelledSubject: '已取消：{title}，与 {name}',
    cancelledSubjectPlain: '已取消：您的会议',
    cancelledIntro: '此会议已取消，该时间段已重新空出。',
    when: '时间',
    with: '与',
    note: '备注',
    cancelHint: '无法参加？在此取消：',
    manageHint: '查看和管理您的预约：',
    detailsHint: '会议详情请见此页面：',
  },
  ar: {
    bookedSubject: 'تم الحجز: {title} مع {name}',
    bookedSubjectPlain: 'تم الحجز: اجتماعك',
    bookedIntro: 'تم حجز اجتماعك.',
    cancelledSubject: 'أُلغي: {title} مع {name}',
    cancelledSubjectPlain: 'أُلغي: اجتماعك',
    cancelledIntro: 'أُلغي هذا الاجتماع، وأصبح الموعد متاحًا من جديد.',
    when: 'الموعد',
    with: 'مع',
    note: 'ملاحظة',
    cancelHint: 'لا تستطيع الحضور؟ ألغِ من هنا:',
    manageHint: 'اعرض حجوزاتك وأدرها:',
    detailsHint: 'تفاصيل الاجتماع في هذه الصفحة:',
  },
};

/** The app's locale of each language, but English mails write the day before the month. */
const intlOf = (language: BookingLanguage) =>
  language === 'en' ? 'en-GB' : LANGUAGE_META[language].intl;

export const mailWords = (language: BookingLanguage) => WORDS[language];

export const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => vars[key] ?? '');

/** "Monday 4 May 2026, 09:30–10:00 (Europe/London)" in the reader's language and zone. */
export function meetingTime(start: Date, end: Date, timeZone: string, language: BookingLanguage) {
  const locale = intlOf(language);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone }).format(start);
  const time = (d: Date) =>
    new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(d);
  return `${day}, ${time(start)}–${time(end)} (${timeZone})`;
}
