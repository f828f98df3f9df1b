/**
 * The board's page-view beacon (well under 1 KB): no cookies, no storage; `window.boardkit(name,
 * props)` sends a custom event. The text is the same on every page, so cached pages list its hash.
 */
const BEACON =
  '(function(){var d=document,s=d.currentScript,u=s&&s.getAttribute("data-api");if(!u)return;function t(n,p){var b=JSON.stringify({name:n,url:location.href,referrer:d.referrer||null,props:p||null});if(!(navigator.sendBeacon&&navigator.sendBeacon(u,b)))fetch(u,{method:"POST",body:b,keepalive:true,headers:{"content-type":"text/plain"}}).catch(function(){})}window.boardkit=t;t("pageview")})();';

export function AnalyticsScript({ endpoint, nonce }: { endpoint: string; nonce: string | undefined }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, not content
  return <script data-api={endpoint} nonce={nonce} dangerouslySetInnerHTML={{ __html: BEACON }} />;
}
