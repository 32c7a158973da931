// Small page behaviours, each mounted on the elements that ask for it.
import { nextTask } from "./dom.mjs";
import { holdWorker, registerWorker } from "./offline.mjs";
import { mountPalette } from "./palette.mjs";
import { keepWhenInstalled, mountReady } from "./ready.mjs";

// Once the page has loaded: installing the worker precaches the whole site, which is no work for the page's start.
// On an app's page, once its rules engine has started too (offline.mjs, startup.mjs).
if (document.querySelector("[data-configurator], [data-keeper], [data-helper]")) holdWorker();
if (document.readyState === "complete") registerWorker();
else window.addEventListener("load", () => registerWorker(), { once: true });

// An app's mounter: `load` imports the app (a literal path, which the build's bundler follows). Meanwhile the rules
// data is asked for (startup.mjs). A rules link (or a game's link) pasted over the address of the app already open
// changes only the address's hash, which loads nothing: the page loads again, and the app opens the link as it does
// any other. The app starts in a task of its own, not in the one that runs this module and then Material's start-up.
function app(load, mount) {
  return async (root) => {
    window.addEventListener("hashchange", () => {
      const hash = new URLSearchParams(location.hash.slice(1));
      if (hash.has("rules") || hash.has("game")) location.reload();
    });
    await nextTask();
    import("./startup.mjs").then((module) => module.prepareApp());
    const module = await load();
    return module[mount](root);
  };
}

const mounters = [
  ["[data-configurator]", app(() => import("./configurator/app.mjs"), "mountConfigurator")],
  ["[data-keeper]", app(() => import("./keeper/app.mjs"), "mountKeeper")],
  ["[data-helper]", app(() => import("./helper/app.mjs"), "mountHelper")],
  ["[data-hf-palette]", mountPalette],
  ["[data-print]", mountPrint],
  ["[data-compare-pick]", mountComparePick],
  ["[data-deck-calc]", mountDeckCalc],
  ["[data-offline-ready]", mountReady],
];

keepWhenInstalled();

function mountPrint(button) {
  button.classList.remove("hf-awaits-script");
  button.addEventListener("click", () => window.print());
}

function mountComparePick(form) {
  const table = document.querySelector("[data-compare]");
  const status = form.querySelector("[role=status]");
  const show = (ids) => {
    let shown = 0;
    for (const row of table.querySelectorAll("tbody tr[data-path]")) {
      const texts = ids ? ids.map((id) => row.querySelector(`td[data-variant="${id}"]`).dataset.value) : [];
      row.hidden = Boolean(ids) && texts[0] === texts[1];
      shown += row.hidden ? 0 : 1;
    }
    for (const cell of table.querySelectorAll("[data-variant]")) {
      cell.hidden = Boolean(ids) && !ids.includes(cell.dataset.variant);
    }
    table.classList.toggle("hf-compare--two", Boolean(ids));
    for (const row of table.querySelectorAll(".hf-compare__section")) {
      let next = row.nextElementSibling;
      let any = false;
      while (next && next.dataset.path) {
        any ||= !next.hidden;
        next = next.nextElementSibling;
      }
      row.hidden = !any;
    }
    return shown;
  };
  const menus = [form.elements.a, form.elements.b];
  // The table shows what the menus say as soon as a version is chosen, and the choice is kept in the page's address
  // (?a=…&b=…, the form's own address without JavaScript): Back, a reload or a shared link compares the same two.
  const keep = (ids) => {
    const url = new URL(location.href);
    for (const [index, name] of ["a", "b"].entries()) {
      if (ids) url.searchParams.set(name, ids[index]);
      else url.searchParams.delete(name);
    }
    history.replaceState(history.state, "", url);
  };
  const compare = () => {
    const ids = menus.map((menu) => menu.value);
    keep(ids);
    if (ids[0] === ids[1]) {
      show(null);
      status.textContent = "Pick two different versions.";
      return;
    }
    const names = menus.map((menu) => menu.selectedOptions[0].textContent);
    const count = show(ids);
    status.textContent = `${count} rules differ between ${names[0]} and ${names[1]}.`;
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    compare();
  });
  form.addEventListener("change", compare);
  form.addEventListener("reset", () => {
    keep(null);
    show(null);
    status.textContent = "Showing every rule of every version.";
  });
  // On start, and when the browser brings the page back from its back/forward cache: the two versions of the address,
  // else those the browser has put back in the menus, if they are not the ones the page first shows.
  const restore = () => {
    const asked = new URLSearchParams(location.search);
    const known = (name) => [...form.elements[name].options].some((option) => option.value === asked.get(name));
    if (known("a") && known("b")) {
      form.elements.a.value = asked.get("a");
      form.elements.b.value = asked.get("b");
      compare();
    } else if (menus.some((menu) => !menu.selectedOptions[0]?.defaultSelected)) compare();
  };
  restore();
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) restore();
  });
}

// The home page's deck figures: worked out by handfoot when the site is built, one sentence for each version and table.
function mountDeckCalc(form) {
  const output = form.querySelector("output");
  const select = form.elements.table;
  select.addEventListener("change", () => {
    output.textContent = select.selectedOptions[0].dataset.sentence;
  });
}

for (const [selector, mount] of mounters) {
  for (const element of document.querySelectorAll(selector)) mount(element);
}
