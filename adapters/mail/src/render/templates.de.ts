// Deutsche Texte aller Benachrichtigungen (German texts of every notification), in the formal
// "Sie" an organisation uses with adults. Values people typed arrive as plain strings; the layout
// escapes them.
import { details, paragraph, quote } from './mail.layout.js'
import type { LanguagePack } from './template.types.js'
import { MEETING_TEMPLATES_DE } from './meeting.templates.js'

const hello = (firstName: string | undefined): string =>
  firstName === undefined || firstName.trim() === '' ? 'Guten Tag,' : `Hallo ${firstName},`

const byWhom = { Admin: 'Die Matching-Administration hat', Mentor: 'Sie haben', Deadline: 'Wir haben' } as const

export const de: LanguagePack = {
  signOff: (org) => `Viele Grüße\nIhr Team von ${org.name}`,
  footer: (org) => [
    org.name,
    `E-Mail: ${org.email}`,
    `Telefon: ${org.phone}`,
    org.publicUrl,
    `Sie erhalten diese E-Mail, weil Sie ein Konto bei ${org.name} haben.`,
  ],
  templates: {
    ...MEETING_TEMPLATES_DE,
    NEW_TANDEM: (d, c) =>
      d.audience === 'Mentee'
        ? {
            subject:
              d.count === undefined
                ? 'Neue Mentoring-Vorschläge für Sie'
                : d.count === 1
                  ? 'Ein neuer Mentoring-Vorschlag für Sie'
                  : `${d.count} neue Mentoring-Vorschläge für Sie`,
            greeting: hello(d.firstName),
            blocks: [
              paragraph(
                'Wir haben Mentor*innen gefunden, die zu Ihren Antworten passen. Sehen Sie sich die Profile an und treffen Sie Ihre Wahl.',
              ),
              paragraph(
                `Die Vorschläge sind bis ${c.dateTime(d.deadline)} für Sie reserviert. Danach verfallen sie, und die Mentor*innen stehen wieder anderen Mentees zur Verfügung.`,
              ),
            ],
            action: { label: 'Vorschläge ansehen', url: c.url('/') },
          }
        : {
            subject: 'Ein Mentee wartet auf Ihre Antwort',
            greeting: hello(d.firstName),
            blocks: [
              paragraph('Ein Mentee hat Sie als Mentor*in ausgewählt und wartet auf Ihre Antwort.'),
              paragraph(
                `Bitte nehmen Sie bis ${c.dateTime(d.deadline)} an oder lehnen Sie ab. Ohne Antwort bis dahin wird Ihr Matching pausiert.`,
              ),
            ],
            action: { label: 'Jetzt antworten', url: c.url('/') },
          },

    APPROVE_TANDEM: (d, c) => ({
      subject: `Es passt: Sie und ${d.partner.firstName} sind jetzt ein Tandem`,
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.audience === 'Mentee'
            ? `${d.partner.firstName} ${d.partner.lastName} hat Ihre Anfrage angenommen. Bitte nehmen Sie Kontakt auf und vereinbaren Sie ein erstes Treffen.`
            : `Sie haben ${d.partner.firstName} ${d.partner.lastName} als Mentee angenommen. Ihr Mentee meldet sich bei Ihnen; so erreichen Sie einander.`,
        ),
        details([
          [d.audience === 'Mentee' ? 'Ihr*e Mentor*in' : 'Ihr Mentee', `${d.partner.firstName} ${d.partner.lastName}`],
          ['E-Mail', d.partner.email],
        ]),
        paragraph('Wir wünschen Ihnen beiden ein inspirierendes Mentoring.'),
      ],
      action: { label: 'Zum Dashboard', url: c.url('/') },
    }),

    DECLINE_TANDEM: (d, c) => ({
      subject: 'Ihre Mentoring-Anfrage wurde abgelehnt',
      greeting: hello(d.firstName),
      blocks: [
        paragraph('Leider kann die Person, die Sie als Mentor*in gewählt haben, das Mentoring nicht übernehmen.'),
        ...(d.infoText === null || d.infoText.trim() === ''
          ? []
          : [paragraph('Folgende Nachricht wurde für Sie hinterlassen:'), quote(d.infoText)]),
        paragraph('Sie können auf Ihrem Dashboard sofort ein neues Matching starten. Diese Person wird Ihnen nicht erneut vorgeschlagen.'),
      ],
      action: { label: 'Neues Matching starten', url: c.url('/') },
    }),

    PARTNER_LEFT: (d, c) => ({
      subject: d.audience === 'Mentee' ? 'Ihr*e Mentor*in hat Tandem verlassen' : 'Ihr Mentee hat Tandem verlassen',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.audience === 'Mentee'
            ? 'Die Person, die Ihr*e Mentor*in war, hat ihr Konto gelöscht; Ihr Tandem ist damit beendet. Die Daten dieser Person wurden gelöscht.'
            : 'Die Person, die Ihr Mentee war, hat ihr Konto gelöscht; Ihr Tandem ist damit beendet. Die Daten dieser Person wurden gelöscht.',
        ),
        paragraph(
          d.audience === 'Mentee'
            ? 'Sie können auf Ihrem Dashboard sofort ein neues Matching starten.'
            : 'Ihr Profil ist wieder im Pool, sodass ein neues Mentee Sie wählen kann.',
        ),
      ],
      action: { label: 'Zum Dashboard', url: c.url('/') },
    }),

    WAITLIST_PROPOSALS: (d, c) => ({
      subject: d.count === 1 ? 'Wir haben eine*n Mentor*in für Sie gefunden' : `Wir haben ${d.count} Mentor*innen für Sie gefunden`,
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          'Sie wollten benachrichtigt werden, sobald ein*e Mentor*in gefunden ist. Ein Platz ist frei geworden, und wir haben Ihnen Mentor*innen vorgeschlagen, die zu Ihren Antworten passen. Sehen Sie sich die Profile an und treffen Sie Ihre Wahl.',
        ),
        paragraph(
          `Die Vorschläge sind bis ${c.dateTime(d.deadline)} für Sie reserviert. Danach verfallen sie, und die Mentor*innen stehen wieder anderen Mentees zur Verfügung.`,
        ),
        paragraph(
          d.stopLink === undefined
            ? `Wenn Sie nicht mehr benachrichtigt werden möchten, schalten Sie auf Ihrem Dashboard „Benachrichtigen Sie mich, wenn ein*e Mentor*in gefunden ist" aus: ${c.url('/#waitlist')}`
            : `Wenn Sie nicht mehr benachrichtigt werden möchten, sobald ein*e Mentor*in gefunden ist, genügt ein Klick auf dieser Seite, ohne Anmeldung: ${d.stopLink}`,
        ),
      ],
      action: { label: 'Vorschläge ansehen', url: c.url('/') },
    }),

    CHECK_IN_MET: (d) => ({
      subject: 'Haben Sie sich schon getroffen?',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.audience === 'Mentee'
            ? 'Vor zwei Wochen wurde Ihr Tandem gebildet. Haben Sie sich schon getroffen?'
            : 'Vor zwei Wochen wurden Sie mit Ihrem Mentee zusammengebracht. Haben Sie sich schon getroffen?',
        ),
        paragraph(
          'Ein Klick auf der folgenden Seite genügt: ja, noch nicht, oder wir erreichen einander nicht. Ihre Antwort sieht nur das Programmteam.',
        ),
      ],
      action: { label: 'Antworten', url: d.link },
    }),

    CHECK_IN_PULSE: (d) => ({
      subject: 'Wie läuft Ihr Mentoring?',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          'Wie läuft Ihr Mentoring? Bewerten Sie es von 1 (schlecht) bis 5 (sehr gut) und fügen Sie, wenn Sie möchten, eine Notiz hinzu.',
        ),
        paragraph('Ihre Antwort sieht nur das Programmteam, nicht Ihr Tandem-Partner.'),
      ],
      action: { label: 'Antworten', url: d.link },
    }),

    CHECK_IN_CLOSING: (d) => ({
      subject: 'Ihr Mentoring ist beendet: Wie war es?',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          `Ihr Mentoring ist beendet. Vier kurze Fragen helfen uns, das Programm zu verbessern: wie zufrieden Sie waren, ob Sie die Teilnahme als ${d.audience === 'Mentee' ? 'Mentee' : 'Mentor*in'} empfehlen würden und wie viele Ihrer Ziele Sie erreicht haben.`,
        ),
        paragraph('Ihre Antworten sieht nur das Programmteam, nicht Ihr Tandem-Partner.'),
      ],
      action: { label: 'Antworten', url: d.link },
    }),

    CHECK_IN_REMINDER: (d) => ({
      subject:
        d.question === 'Met'
          ? 'Erinnerung: Haben Sie sich schon getroffen?'
          : d.question === 'Pulse'
            ? 'Erinnerung: Wie läuft Ihr Mentoring?'
            : 'Erinnerung: Wie war Ihr Mentoring?',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          'Vor einigen Tagen haben wir Ihnen eine kurze Frage zu Ihrem Mentoring gestellt; Ihre Antwort fehlt noch. Sie dauert nur einen Klick.',
        ),
        paragraph('Dies ist die einzige Erinnerung.'),
      ],
      action: { label: 'Antworten', url: d.link },
    }),

    TANDEM_ENDED: (d, c) => ({
      subject: 'Ihr Mentoring ist beendet',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.by === 'Admin'
            ? 'Das Programmteam hat Ihr Mentoring beendet. Vielen Dank für die Zeit, die Sie ihm gewidmet haben.'
            : d.audience === 'Mentee'
              ? 'Ihr*e Mentor*in hat Ihr Mentoring beendet. Vielen Dank für die Zeit, die Sie ihm gewidmet haben.'
              : 'Ihr Mentee hat Ihr Mentoring beendet. Vielen Dank für die Zeit, die Sie ihm gewidmet haben.',
        ),
        paragraph(
          d.audience === 'Mentee'
            ? 'Sie können auf Ihrem Dashboard sofort ein neues Matching starten.'
            : d.mentorPaused
              ? 'Das Matching für Ihr Mentor*in-Profil ist pausiert. Aktivieren Sie es in Ihrem Profil, sobald Sie für ein neues Mentee bereit sind.'
              : 'Ihr Profil ist wieder im Pool, sodass ein neues Mentee Sie wählen kann.',
        ),
        paragraph(`Wenn Sie darüber sprechen möchten, schreiben Sie uns an ${c.org.email}.`),
      ],
      action: { label: 'Zum Dashboard', url: c.url('/') },
    }),

    TANDEM_RELEASED: (d, c) => ({
      subject: `Ihr Matching-Tandem #${d.tandemId} wurde aufgelöst`,
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.by === 'ProgramYear'
            ? `Ihr Programmjahr ist beendet und damit auch Ihr Matching-Tandem #${d.tandemId}.`
            : `Das Programmteam hat Ihr Matching-Tandem #${d.tandemId} aufgelöst; es ist damit beendet.`,
        ),
        paragraph(
          d.audience === 'Mentor'
            ? 'Ihr Profil ist wieder im Pool, sodass ein neues Mentee Sie wählen kann.'
            : d.by === 'ProgramYear'
              ? 'Vielen Dank, dass Sie an diesem Programmjahr teilgenommen haben.'
              : 'Sie können auf Ihrem Dashboard ein neues Matching starten.',
        ),
        paragraph(`Bei Fragen schreiben Sie uns an ${c.org.email}.`),
      ],
      action: { label: 'Zum Dashboard', url: c.url('/') },
    }),

    ACTIVATE_USER_PROFILE: (d, c) => ({
      subject: 'Das Matching für Ihr Mentor*in-Profil ist aktiviert',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(`${byWhom[d.by]} das Matching für Ihr Mentor*in-Profil aktiviert.`),
        paragraph('Sie sind wieder im Pool und können Mentees vorgeschlagen werden.'),
      ],
      action: { label: 'Mentor*in-Profil ansehen', url: c.url('/user/mentor-profile') },
    }),

    DEACTIVATE_USER_PROFILE: (d, c) => ({
      subject: 'Das Matching für Ihr Mentor*in-Profil ist pausiert',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          d.by === 'Deadline'
            ? 'Ein Mentee hat Sie ausgewählt, aber wir haben innerhalb von 72 Stunden keine Antwort von Ihnen erhalten. Deshalb haben wir das Matching für Ihr Mentor*in-Profil pausiert, damit kein weiterer Mentee vergeblich wartet.'
            : `${byWhom[d.by]} das Matching für Ihr Mentor*in-Profil pausiert.`,
        ),
        paragraph(
          'Solange das Matching pausiert ist, werden Sie keinen Mentees vorgeschlagen. Sie können es jederzeit in Ihrem Mentor*in-Profil wieder aktivieren.',
        ),
      ],
      action: { label: 'Matching aktivieren', url: c.url('/user/mentor-profile') },
    }),

    REMINDER_ACTIVE_TANDEM: (d, c) =>
      d.audience === 'Mentee'
        ? {
            subject: 'Erinnerung: Ihre Mentoring-Vorschläge laufen bald ab',
            greeting: hello(d.firstName),
            blocks: [
              paragraph(`Ihre Mentoring-Vorschläge sind bis ${c.dateTime(d.deadline)} für Sie reserviert.`),
              paragraph('Bitte treffen Sie bis dahin Ihre Wahl; danach verfallen die Vorschläge.'),
            ],
            action: { label: 'Vorschläge ansehen', url: c.url('/') },
          }
        : {
            subject: 'Erinnerung: Ein Mentee wartet noch auf Ihre Antwort',
            greeting: hello(d.firstName),
            blocks: [
              paragraph(`Ein Mentee wartet auf Ihre Antwort. Bitte nehmen Sie bis ${c.dateTime(d.deadline)} an oder lehnen Sie ab.`),
              paragraph('Ohne Antwort bis dahin wird Ihr Matching pausiert.'),
            ],
            action: { label: 'Jetzt antworten', url: c.url('/') },
          },

    REMINDER_UNPUBLISHED_USER_PROFILE: (d, c) => ({
      subject: 'Ihr Mentor*in-Profil ist noch nicht veröffentlicht',
      greeting: hello(d.firstName),
      blocks: [
        paragraph(`Sie haben Ihren Mentor*in-Fragebogen am ${c.date(d.lastSavedAt)} gespeichert, aber noch nicht veröffentlicht.`),
        paragraph(
          'Nur veröffentlichte Profile können Mentees vorgeschlagen werden. Bitte vervollständigen Sie Ihre Antworten und wählen Sie „Speichern und veröffentlichen“.',
        ),
      ],
      action: { label: 'Mentor*in-Profil vervollständigen', url: c.url('/user/mentor-profile') },
    }),

    PASSWORD_RESET: (d, c) => ({
      subject: `Passwort für ${c.org.name} zurücksetzen`,
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          `Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei ${c.org.name} zurückzusetzen. Über den folgenden Link können Sie ein neues wählen. Er funktioniert einmal und ist ${d.validMinutes} Minuten gültig.`,
        ),
        paragraph('Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.'),
      ],
      action: { label: 'Neues Passwort wählen', url: d.link },
    }),

    ADMIN_MESSAGE: (d, c) => ({
      subject: d.subject,
      greeting: hello(d.firstName),
      blocks: [paragraph(`Die Matching-Administration von ${c.org.name} hat Ihnen diese Nachricht geschickt:`), quote(d.body)],
      action: { label: `${c.org.name} öffnen`, url: c.url('/') },
    }),

    RETENTION_NOTICE: (d, c) => ({
      subject: `Ihr Konto bei ${c.org.name} wird am ${c.date(d.erasureFrom)} gelöscht`,
      greeting: hello(d.firstName),
      blocks: [
        paragraph(
          `Wir bewahren personenbezogene Daten nur so lange auf, wie sie dem Mentoring-Programm dienen: ${d.months} Monate nach Ihrer letzten Anmeldung oder nach dem Ende Ihres Programmjahres. Diese Zeit ist für Ihr Konto fast abgelaufen.`,
        ),
        paragraph(
          `Wenn Sie nichts tun, werden Ihr Konto und alle Daten, die wir über Sie gespeichert haben, am ${c.date(d.erasureFrom)} oder danach gelöscht. Wenn Sie Ihr Konto behalten möchten, melden Sie sich bitte vorher einfach an.`,
        ),
      ],
      action: { label: 'Anmelden und Konto behalten', url: c.url('/') },
    }),
  },
}
