// The mail a contact message becomes: to the help address, with Reply-To set to the visitor so
// answering it writes to them. Plain text only: what a stranger typed is never rendered as HTML.
import type { ContactInput } from '../contracts/public.ts';
import type { OutgoingMail } from '../mailer/mailer.ts';

export function contactMail(input: ContactInput, helpEmail: string, messageId: string): OutgoingMail {
  // a subject is one line: a newline a visitor typed must not start a header of its own
  const subject = input.subject.replace(/[\r\n]+/g, ' ');
  return {
    to: helpEmail,
    replyTo: input.email,
    subject: `[Clipdeck contact] ${subject}`,
    text: [
      `From: ${input.name} <${input.email}>`,
      `Language: ${input.language ?? 'not given'}`,
      `Message id: ${messageId}`,
      '',
      input.message,
      '',
      '-- ',
      'Sent with the contact form on /contact-us. Reply to this mail to answer the visitor.',
    ].join('\n'),
  };
}
