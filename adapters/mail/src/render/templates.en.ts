// English texts of every notification. Values people typed (names, information texts, messages)
// arrive as plain strings; the layout escapes them.
import { details, paragraph, quote } from './mail.layout.js'
import type { LanguagePack } from './template.types.js'
import { MEETING_TEMPLATES_EN } from './meeting.templates.js'

const hello = (firstName: string | undefined): string =>
  firstName === undefined || firstName.trim() === '' ? 'Hello,' : `Hello ${firstName},`

const byWhom = { Admin: 'The matching administrator has', Mentor: 'You have', Deadline: 'We have' } as const

export const en: LanguagePack = {
  signOff: (org) => `Kind regards,\nThe ${org.name} team`,
  footer: (org) => [
    org.name,
    `E-mail: ${org.email}`,
    `Phone: ${org.phone}`,
    org.publicUrl,
    `You receive this e-mail because you have an account with ${org.name}.`,
  ],
  templates: {
    ...MEETING_TEMPLATES_EN,
    NEW_TANDEM: (d, c) =>
      d.audience === 'Mentee'
        ? {
            subject:
              d.count === undefined
                ? 'You have new mentor proposals'
                : d.count === 1
                  ? 'You have a new mentor proposal'
                  : `You have ${d.count} new mentor proposals`,
            greeting: hello(d.firstName),
            blocks: [
              paragraph('We have found mentors who fit your answers. Have a look at their profiles and choose your mentor.'),
              paragraph(
                `The proposals are reserved for you until ${c.dateTime(d.deadline)}. After that they expire and the mentors return to the pool.`,
              ),
            ],
            action: { label: 'See your proposals', url: c.url('/') },
          }
        : {
            subject: 'A mentee is waiting for your answer',
            greeting: hello(d.firstName),
            blocks: [
              paragraph('A mentee has chosen you as their mentor and is waiting for your answer.'),
              paragraph(`Please accept or decline by ${c.dateTime(d.deadline)}. Without an answer by then, your matching will be paused.`),
            ],
            action: { label: 'Answer now', url: c.url('/') },
          },

    APPROVE_TANDEM: (d, c) => ({
      subject: `It's a match: you and ${d.partner.firstName} are now a tandem`,
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.audience === 'Mentee'
            ? `${d.partner.firstName} ${d.partner.lastName} has accepted your request. Please get in touch with your mentor to arrange your first meeting.`
            : `You have accepted ${d.partner.firstName} ${d.partner.lastName} as your mentee. Your mentee will get in touch with you; here is how to reach them.`,
        ),
        details([
          [d.audience === 'Mentee' ? 'Your mentor' : 'Your mentee', `${d.partner.firstName} ${d.partner.lastName}`],
          ['E-mail', d.partner.email],
        ]),
        paragraph('We wish you both an inspiring mentorship.'),
      ],
      action: { label: 'Open your dashboard', url: c.url('/') },
    }),

    DECLINE_TANDEM: (d, c) => ({
      subject: 'Your chosen mentor has declined',
      greeting: hello(d.firstName),
      blocks: [
        paragraph('Unfortunately, the mentor you chose cannot take on your mentorship.'),
        ...(d.infoText === null || d.infoText.trim() === '' ? [] : [paragraph('The mentor left you this message:'), quote(d.infoText)]),
        paragraph('You can start a new matching run from your dashboard right away. We will not propose this mentor to you again.'),
      ],
      action: { label: 'Start a new matching', url: c.url('/') },
    }),

    PARTNER_LEFT: (d, c) => ({
      subject: d.audience === 'Mentee' ? 'Your mentor has left Tandem' : 'Your mentee has left Tandem',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.audience === 'Mentee'
            ? 'The mentor of your tandem has deleted their account, so your tandem has ended. Their data has been erased.'
            : 'The mentee of your tandem has deleted their account, so your tandem has ended. Their data has been erased.',
        ),
        paragraph(
          d.audience === 'Mentee'
            ? 'You can start a new matching from your dashboard right away.'
            : 'Your profile is back in the pool, so a new mentee can choose you.',
        ),
      ],
      action: { label: 'Open your dashboard', url: c.url('/') },
    }),

    WAITLIST_PROPOSALS: (d, c) => ({
      subject: d.count === 1 ? 'A mentor has been found for you' : `${d.count} mentors have been found for you`,
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          'You asked us to tell you when a mentor is found. A place has opened up, and we have proposed mentors who fit your answers. Have a look at their profiles and choose your mentor.',
        ),
        paragraph(
          `The proposals are reserved for you until ${c.dateTime(d.deadline)}. After that they expire and the mentors return to the pool.`,
        ),
        paragraph(
          d.stopLink === undefined
            ? `If you no longer want to be told, turn off "Tell me when a mentor is found" on your dashboard: ${c.url('/#waitlist')}`
            : `If you no longer want to be told when a mentor is found, one click on this page turns it off, without signing in: ${d.stopLink}`,
        ),
      ],
      action: { label: 'See your proposals', url: c.url('/') },
    }),

    CHECK_IN_MET: (d) => ({
      subject: 'Have you met yet?',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.audience === 'Mentee'
            ? 'Two weeks ago you were matched with your mentor. Have you met yet?'
            : 'Two weeks ago you were matched with your mentee. Have you met yet?',
        ),
        paragraph(
          'One click on the page below answers: yes, not yet, or we cannot reach each other. Only the program team sees your answer.',
        ),
      ],
      action: { label: 'Answer', url: d.link },
    }),

    CHECK_IN_PULSE: (d) => ({
      subject: 'How is your mentorship going?',
      greeting: hello(d.firstName),
      blocks: [
        paragraph('How is your mentorship going? Give it a score from 1 (badly) to 5 (very well), and add a note if you like.'),
        paragraph('Only the program team sees your answer; your partner does not.'),
      ],
      action: { label: 'Answer', url: d.link },
    }),

    CHECK_IN_CLOSING: (d) => ({
      subject: 'Your mentorship has ended: how was it?',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          `Your mentorship has ended. Four short questions help us improve the program: how satisfied you were, whether you would recommend being a ${d.audience === 'Mentee' ? 'mentee' : 'mentor'}, and how many of your goals you reached.`,
        ),
        paragraph('Only the program team sees your answers; your partner does not.'),
      ],
      action: { label: 'Answer', url: d.link },
    }),

    CHECK_IN_REMINDER: (d) => ({
      subject:
        d.question === 'Met'
          ? 'Reminder: have you met yet?'
          : d.question === 'Pulse'
            ? 'Reminder: how is your mentorship going?'
            : 'Reminder: how was your mentorship?',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          'A few days ago we asked you a short question about your mentorship, and your answer is still missing. It takes one click.',
        ),
        paragraph('This is the only reminder.'),
      ],
      action: { label: 'Answer', url: d.link },
    }),

    TANDEM_ENDED: (d, c) => ({
      subject: 'Your mentorship has ended',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.by === 'Admin'
            ? 'The program team has ended your mentorship. Thank you for the time you gave it.'
            : d.audience === 'Mentee'
              ? 'Your mentor has ended your mentorship. Thank you for the time you gave it.'
              : 'Your mentee has ended your mentorship. Thank you for the time you gave it.',
        ),
        paragraph(
          d.audience === 'Mentee'
            ? 'You can start a new matching from your dashboard right away.'
            : d.mentorPaused
              ? 'Matching for your mentor profile is paused. Enable it on your profile when you are ready for a new mentee.'
              : 'Your profile is back in the pool, so a new mentee can choose you.',
        ),
        paragraph(`If you would like to talk about it, write to us at ${c.org.email}.`),
      ],
      action: { label: 'Open your dashboard', url: c.url('/') },
    }),

    TANDEM_RELEASED: (d, c) => ({
      subject: `Your matching team #${d.tandemId} has been released`,
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.by === 'ProgramYear'
            ? `Your program year has ended, and with it your matching team #${d.tandemId}.`
            : `The program team has released your matching team #${d.tandemId}; it has ended.`,
        ),
        paragraph(
          d.audience === 'Mentor'
            ? 'Your profile is back in the pool, so a new mentee can choose you.'
            : d.by === 'ProgramYear'
              ? 'Thank you for taking part in this program year.'
              : 'You can start a new matching from your dashboard.',
        ),
        paragraph(`If you have questions, write to us at ${c.org.email}.`),
      ],
      action: { label: 'Open your dashboard', url: c.url('/') },
    }),

    ACTIVATE_USER_PROFILE: (d, c) => ({
      subject: 'Matching for your mentor profile is enabled',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(`${byWhom[d.by]} enabled matching for your mentor profile.`),
        paragraph('You are back in the pool, and mentees can be proposed to you again.'),
      ],
      action: { label: 'View your mentor profile', url: c.url('/user/mentor-profile') },
    }),

    DEACTIVATE_USER_PROFILE: (d, c) => ({
      subject: 'Matching for your mentor profile is paused',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.by === 'Deadline'
            ? 'A mentee chose you as their mentor, but we did not receive your answer within 72 hours. We have therefore paused matching for your mentor profile, so that no other mentee waits in vain.'
            : `${byWhom[d.by]} paused matching for your mentor profile.`,
        ),
        paragraph(
          'While matching is paused, you will not be proposed to mentees. You can enable it again at any time on your mentor profile.',
        ),
      ],
      action: { label: 'Enable matching', url: c.url('/user/mentor-profile') },
    }),

    REMINDER_ACTIVE_TANDEM: (d, c) =>
      d.audience === 'Mentee'
        ? {
            subject: 'Reminder: your mentor proposals expire soon',
            greeting: hello(d.firstName),
            blocks: [
              paragraph(`Your mentor proposals are reserved for you until ${c.dateTime(d.deadline)}.`),
              paragraph('Please choose your mentor before then; afterwards the proposals expire.'),
            ],
            action: { label: 'See your proposals', url: c.url('/') },
          }
        : {
            subject: 'Reminder: a mentee is still waiting for your answer',
            greeting: hello(d.firstName),
            blocks: [
              paragraph(`A mentee is waiting for your answer. Please accept or decline by ${c.dateTime(d.deadline)}.`),
              paragraph('Without an answer by then, your matching will be paused.'),
            ],
            action: { label: 'Answer now', url: c.url('/') },
          },

    REMINDER_UNPUBLISHED_USER_PROFILE: (d, c) => ({
      subject: 'Your mentor profile is not published yet',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(`You saved your mentor questionnaire on ${c.date(d.lastSavedAt)}, but you have not published it yet.`),
        paragraph('Only published profiles can be proposed to mentees. Please complete your answers and choose "Save and publish".'),
      ],
      action: { label: 'Complete your mentor profile', url: c.url('/user/mentor-profile') },
    }),

    PASSWORD_RESET: (d, c) => ({
      subject: `Reset your ${c.org.name} password`,
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          `We received a request to reset the password of your ${c.org.name} account. Use the link below to choose a new one. It works once and is valid for ${d.validMinutes} minutes.`,
        ),
        paragraph('If you did not ask for this, you can ignore this e-mail; your password stays unchanged.'),
      ],
      action: { label: 'Choose a new password', url: d.link },
    }),

    ADMIN_MESSAGE: (d, c) => ({
      subject: d.subject,
      greeting: hello(d.firstName),
      blocks: [paragraph(`The matching administrator of ${c.org.name} has sent you this message:`), quote(d.body)],
      action: { label: `Open ${c.org.name}`, url: c.url('/') },
    }),

    RETENTION_NOTICE: (d, c) => ({
      subject: `Your ${c.org.name} account will be deleted on ${c.date(d.erasureFrom)}`,
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          `We keep personal data only as long as it serves the mentoring programme: ${d.months} months after your last sign-in or after your programme year ended. That time is nearly over for your account.`,
        ),
        paragraph(
          `If you do nothing, your account and everything we hold about you will be deleted on or after ${c.date(d.erasureFrom)}. To keep your account, simply sign in before then.`,
        ),
      ],
      action: { label: 'Sign in to keep my account', url: c.url('/') },
    }),
  },
}
