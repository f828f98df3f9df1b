// `{board}/embed.js`: the snippet's script. Placed on another site's page, it puts the board's
// widget (`{board}/embed`, with the script tag's `data-category`, `data-location`, `data-remote` and
// `data-count`) in an iframe right after itself, and sizes the frame to the height the widget
// document reports, believing only messages from that frame and the board's origin. No
// dependencies, no cookies, a few hundred bytes.
export const EMBED_SCRIPT = `(function(){
var s=document.currentScript;if(!s||!s.src)return;
var u=new URL(s.src);u.pathname=u.pathname.replace(/\\.js$/,'');u.search='';u.hash='';
['category','location','remote','count'].forEach(function(k){var v=s.getAttribute('data-'+k);if(v)u.searchParams.set(k,v)});
var f=document.createElement('iframe');
f.src=u.href;f.title=s.getAttribute('data-title')||'Latest jobs';f.loading='lazy';
f.style.cssText='display:block;width:100%;border:0;height:'+(parseInt(s.getAttribute('data-height'),10)||480)+'px';
s.parentNode.insertBefore(f,s.nextSibling);
addEventListener('message',function(e){
if(e.source!==f.contentWindow||e.origin!==u.origin)return;
var h=e.data&&e.data.boardkitEmbed&&e.data.boardkitEmbed.height;
if(typeof h==='number'&&h>0&&h<100000)f.style.height=Math.ceil(h)+'px';
});
})();
`;
