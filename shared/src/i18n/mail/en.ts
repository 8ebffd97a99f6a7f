/** Built-in English texts of the mails about event registrations (supabase/functions/send-mail).
 *  ar.ts and tr.ts must have exactly the same keys (types.ts; resources.test.ts). No text greets
 *  the reader by name or repeats anything a visitor typed (docs/mail.md, "What a mail says"). */
export const en = {
  siteName: 'Palestinian Students Union',
  subject: {
    registration_confirmed: 'Registration received: {{title}}',
    registration_waitlisted: 'On the waitlist: {{title}}',
    registration_promoted: 'A place is yours: {{title}}',
    registration_approved: 'Registration approved: {{title}}',
    registration_rejected: 'Registration not accepted: {{title}}',
    event_reminder: 'Tomorrow: {{title}}',
  },
  body: {
    registration_confirmed:
      'Your registration for {{title}} has been received and a place is held for you. The union reviews registrations, and we will write to you again when yours is approved.',
    registration_waitlisted:
      '{{title}} is full, so your registration is on the waitlist (number {{place}} in line). If a place frees up, it goes to the first person on the waitlist, and we will write to you.',
    registration_promoted:
      'Good news: a place has freed up at {{title}}, and it is now yours. The union reviews registrations, and we will write to you again when yours is approved.',
    registration_approved:
      'Your registration for {{title}} is approved: your place is confirmed. We look forward to seeing you.',
    registration_rejected:
      'We are sorry: your registration for {{title}} was not accepted. If you have a question, write to us through the contact page of our website.',
    event_reminder: 'A reminder: {{title}} is tomorrow. We look forward to seeing you.',
  },
  when: 'When',
  where: 'Where',
  eventLink: 'The event’s page on our website',
  calendarNote: 'Open the attached calendar file to add the event to your calendar.',
  /** The line above the cancel link, by what the reader's registration holds. */
  cancelIntro: {
    /** A seat of an event with a limited number of places: cancelling frees it for someone else. */
    seat: 'Cannot come? Cancel your registration so that someone else can have your place:',
    /** An event without a limit: nobody else is waiting for the place. */
    open: 'Cannot come? Let us know by cancelling your registration:',
    /** On the waitlist: the reader holds no place. */
    waitlist: 'No longer interested? Cancel your registration to leave the waitlist:',
  },
  cancelLink: 'Cancel my registration',
  signature: 'The Palestinian Students Union team',
  footer: 'You receive this mail because this address was given when registering for the event.',
};
