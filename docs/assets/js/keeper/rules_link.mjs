// A game's link to the rules it was played with: only ever the site's own configurator, checked before it is kept or
// shown.
import { siteUrl } from "../dom.mjs";
import { MAX_LINK_CHARS } from "../rulesets.mjs";

// The site's own configurator link for the rules in `text`, or null when `text` is not one.
export function ownRulesLink(text) {
  if (typeof text !== "string" || text.length > MAX_LINK_CHARS) return null;
  let url;
  try {
    url = new URL(text, siteUrl(""));
  } catch {
    return null;
  }
  const home = new URL(siteUrl("configurator/"));
  if (url.origin !== home.origin || url.pathname !== home.pathname) return null;
  const code = new URLSearchParams(url.hash.slice(1)).get("rules");
  return code && /^[A-Za-z0-9_-]+$/.test(code) ? `${home.href}#rules=${code}` : null;
}
