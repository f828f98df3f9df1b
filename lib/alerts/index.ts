// The job alerts domain's public module.
export { describeSearch, frequencyWords, manageToken } from './mails';
export {
  alertCounts,
  alertEmail,
  alertForConfirmation,
  alertIdForUnsubscribeToken,
  alertPages,
  alertsOf,
  confirmAlert,
  deleteAlert,
  emailForManageToken,
  getAlert,
  listAlerts,
  searchOf,
  subscribeAlert,
  toAlertOut,
  unsubscribeAlerts,
} from './service';
export { DIGEST_MAX_JOBS, runAlertWorker, startAlertTimer } from './worker';
