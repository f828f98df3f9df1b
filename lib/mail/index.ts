// Mail's public module: one way to send (the outbox, sent after commit by the mail worker) over one
// transport (SMTP when SMTP_URL is set, else the dev mailbox under MAIL_DIR).

export { type MailBrand, type MailContent, type MailLink, renderMail } from './layout';
export { countFailedMail, listMailLog, type MailStatus, mailStatuses } from './log';
export {
  NOT_SENT_AGAIN,
  type QueuedMail,
  queueMail,
  queueMails,
  runMailWorker,
  sendFailedMailAgain,
  setMailDispatch,
  startMailTimer,
} from './outbox';
export { type MailMessage, mailFrom, resetMailTransport, sendMail } from './transport';
