// Renders the shared rule and sheet templates in the browser: Nunjucks for the template, marked for the Markdown,
// DOMPurify so that nothing a table types can become markup.
import { formatPoints, siteUrl } from "./dom.mjs";

let tools = null;

async function loadScript(url) {
  await new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement("script"), { src: url, onload: resolve, onerror: reject });
    document.head.append(script);
  });
}

export function loadRenderer(runtime) {
  tools ??= (async () => {
    const [{ marked }, purify, ruleBody, sheetBody] = await Promise.all([
      import(siteUrl(runtime.vendor.marked)),
      import(siteUrl(runtime.vendor.dompurify)),
      fetch(siteUrl(runtime.templates.rule_body)).then((r) => r.text()),
      fetch(siteUrl(runtime.templates.sheet_body)).then((r) => r.text()),
      window.nunjucks ? null : loadScript(siteUrl(runtime.vendor.nunjucks)),
    ]);
    const env = new window.nunjucks.Environment(null, { autoescape: true, throwOnUndefined: true });
    env.addFilter("num", formatPoints);
    const templates = {
      rule_body: window.nunjucks.compile(ruleBody, env),
      sheet_body: window.nunjucks.compile(sheetBody, env),
    };
    return { marked, sanitize: purify.default.sanitize, templates };
  })();
  return tools;
}

export async function renderInto(target, runtime, name, described) {
  const { marked, sanitize, templates } = await loadRenderer(runtime);
  const markdown = templates[name].render({ v: described });
  target.innerHTML = sanitize(marked.parse(markdown), { USE_PROFILES: { html: true } });
}
