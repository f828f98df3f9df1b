// Outbound HTTP to addresses users give: the SSRF guard and the guarded request.
export {
  type GuardedRequestOptions,
  type GuardedResponse,
  guardedRequest,
  TargetError,
} from './guarded-request';
export { checkTargetUrl, type TargetPolicyOptions } from './ssrf-guard';
