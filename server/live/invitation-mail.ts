// The email that tells someone they were invited to a board or a calendar. Its words are the
// app's (src/locales/<lang>/server-mail.json, `invitation.*`), in the language of the page the
// owner invited from (accounts have no language of their own). Sent after the invitation is
// committed; a mail that fails is logged and the invitation stands (it is listed in the app).
import type { AppDeps } from '../context.ts';
import type { Language } from '../contracts/languages.ts';
import type { MemberRole, ShareKind } from '../contracts/live.ts';
import { appString, fillIn } from '../lib/app-strings.ts';
import { loggableError } from '../lib/errors.ts';

const word = (language: Language, key: string) =>
  appString(language, 'server-mail', `invitation.${key}`) ?? key;

export async function sendInvitation(
  deps: AppDeps,
  language: Language,
  mail: {
    to: string;
    invitee: string;
    inviter: string;
    kind: ShareKind;
    name: string;
    role: MemberRole;
  },
) {
  const values = {
    invitee: mail.invitee,
    inviter: mail.inviter,
    name: mail.name,
    what: word(language, mail.kind),
    role: word(language, mail.role),
    link: `${deps.env.PUBLIC_URL.replace(/\/$/, '')}/dashboard/${mail.kind === 'board' ? 'kanban' : 'calendar'}`,
  };
  try {
    await deps.mailer.send({
      to: mail.to,
      subject: fillIn(word(language, 'subject'), values),
      text: fillIn(word(language, 'body'), values),
    });
  } catch (error) {
    deps.log.warn('invitation mail not sent', loggableError(error));
  }
}
