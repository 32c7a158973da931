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

// Nunjucks' small runtime with the templates precompiled at build, and DOMPurify's minified build: classic scripts.
export function loadRenderer(runtime) {
  tools ??= (async () => {
    const [{ marked }] = await Promise.all([
      import(siteUrl(runtime.vendor.marked)),
      window.nunjucks ? null : loadScript(siteUrl(runtime.vendor.nunjucks)),
      window.DOMPurify ? null : loadScript(siteUrl(runtime.vendor.dompurify)),
      window.nunjucksPrecompiled ? null : loadScript(siteUrl(runtime.templates)),
    ]);
    const { nunjucks, nunjucksPrecompiled, DOMPurify } = window;
    const loader = new nunjucks.PrecompiledLoader(nunjucksPrecompiled);
    const env = new nunjucks.Environment(loader, { autoescape: true, throwOnUndefined: true });
    env.addFilter("num", formatPoints);
    const templates = { rule_body: env.getTemplate("rule_body"), sheet_body: env.getTemplate("sheet_body") };
    return { marked, sanitize: DOMPurify.sanitize, templates };
  })();
  return tools;
}

// A turn for the browser (a tap, a paint) between the steps of a render.
function yieldToPage() {
  return new Promise((resolve) => setTimeout(resolve));
}

// Renders `described` with the shared template `name` into `target`, in steps, unless `stale()` says by then that
// a newer render is on its way.
export async function renderInto(target, runtime, name, described, stale = () => false) {
  const { marked, sanitize, templates } = await loadRenderer(runtime);
  const markdown = templates[name].render({ v: described });
  await yieldToPage();
  const html = marked.parse(markdown);
  await yieldToPage();
  const clean = sanitize(html, { USE_PROFILES: { html: true } });
  if (!stale()) target.innerHTML = clean;
}
