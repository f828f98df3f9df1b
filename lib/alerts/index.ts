// The job alerts domain's public module.
export { describeSearch, frequencyWords } from './mails';
export {
  alertCounts,
  alertForConfirmation,
  alertIdForUnsubscribeToken,
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
