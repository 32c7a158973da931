// The race: each team's running total after each round, as handfoot scored them, drawn as SVG on the device, one line
// per team (each with its own colour, dashes and marks, so no line is told apart by colour alone). The score sheet
// above is its text; the picture is named for a screen reader by what it shows.
import { fill, formatPoints, h } from "../dom.mjs";

const SVG = "http://www.w3.org/2000/svg";
// The picture's own units: it is drawn at the width of the page, up to the width its CSS gives it.
const WIDTH_UNITS = 300;
const HEIGHT_UNITS = 170;
// Room for the totals' labels on the left, the rounds' labels below, and the marks at the edges.
const LEFT_UNITS = 48;
const BOTTOM_UNITS = 22;
const EDGE_UNITS = 8;
const LABEL_GAP_UNITS = 6;
const MARK_UNITS = 4;
const SAMPLE_WIDTH_UNITS = 34;
const SAMPLE_MIDDLE_UNITS = 6;
const SAMPLE_MARK_UNITS = 17;
// Each team's dashes (empty: solid), in the order of the teams.
const DASHES = ["", "7 4", "2 3", "9 3 2 3"];
const SECTION_ID = "hf-race-section";
const FIGURE_ID = "hf-race";

// Folded with the keeper's rarer parts, so the round being entered stays near the top; there until every team has a
// total after round 1, and drawn while folded, so that it opens at once.
export function raceSection() {
  return h(
    "details",
    { class: "hf-race-section", id: SECTION_ID, hidden: true },
    h("summary", { text: "The race so far" }),
    h("figure", { class: "hf-race", id: FIGURE_ID }),
  );
}

// Draws the race from the scores handfoot gave (`cache`, fresh for the game's entries, or null).
export function paintRace(game, cache) {
  const section = document.getElementById(SECTION_ID);
  const figure = document.getElementById(FIGURE_ID);
  if (!section || !figure) return;
  const running = [];
  for (const row of cache?.game?.running ?? []) {
    if (!Array.isArray(row) || !row.every(Number.isFinite)) break;
    running.push(row);
  }
  const key = JSON.stringify([game.teams, running]);
  if (figure.dataset.key === key) return;
  figure.dataset.key = key;
  section.hidden = !running.length;
  if (!running.length) {
    fill(figure);
    return;
  }
  const word = game.form.team_word;
  fill(
    figure,
    h("figcaption", { text: `The race: each ${word}'s total after each round` }),
    chart(game.teams, running),
    h(
      "ul",
      { class: "hf-race__key", "aria-hidden": "true" },
      game.teams.map((name, t) => h("li", {}, keySample(t), h("span", { text: name }))),
    ),
  );
}

function chart(teams, running) {
  const totals = running.flat();
  const high = Math.max(0, ...totals);
  const low = Math.min(0, ...totals);
  const span = high - low || 1;
  const rounds = running.length;
  // Scales as units of the picture per round and per point, written as divisions: a picture, not a count of points.
  const roundsPerUnit = rounds / (WIDTH_UNITS - LEFT_UNITS - EDGE_UNITS);
  const pointsPerUnit = span / (HEIGHT_UNITS - EDGE_UNITS - BOTTOM_UNITS);
  const x = (r) => LEFT_UNITS + r / roundsPerUnit;
  const y = (value) => EDGE_UNITS + (high - value) / pointsPerUnit;
  const svg = svgElement("svg", {
    class: "hf-race__chart",
    viewBox: `0 0 ${WIDTH_UNITS} ${HEIGHT_UNITS}`,
    role: "img",
    "aria-label": spoken(teams, running),
  });
  const scale = [...new Set([high, 0, low])].map((value) => [
    svgElement("line", {
      class: "hf-race__rule",
      x1: LEFT_UNITS,
      x2: WIDTH_UNITS - EDGE_UNITS,
      y1: y(value),
      y2: y(value),
    }),
    svgElement(
      "text",
      { class: "hf-race__label", x: LEFT_UNITS - LABEL_GAP_UNITS, y: y(value), "text-anchor": "end" },
      formatPoints(value),
    ),
  ]);
  const roundsBelow = Array.from({ length: rounds + 1 }, (_, r) =>
    svgElement(
      "text",
      { class: "hf-race__label", x: x(r), y: HEIGHT_UNITS - LABEL_GAP_UNITS, "text-anchor": "middle" },
      r ? `R${r}` : "0",
    ),
  );
  const lines = teams.map((_, t) => {
    const points = [[x(0), y(0)], ...running.map((row, r) => [x(r + 1), y(row[t])])];
    return svgElement(
      "g",
      { class: `hf-race__team hf-race__team--${t}`, "data-team": String(t) },
      svgElement("polyline", {
        class: "hf-race__line",
        points: points.map((point) => point.join(",")).join(" "),
        "stroke-dasharray": DASHES[t % DASHES.length] || null,
      }),
      points.slice(1).map(([px, py]) => mark(t, px, py)),
    );
  });
  svg.append(...scale.flat(), ...roundsBelow, ...lines);
  return svg;
}

// What the picture shows, in words: the totals after the last round, and who leads.
function spoken(teams, running) {
  const last = running.at(-1);
  const totals = teams.map((name, t) => `${name} ${formatPoints(last[t])}`).join(", ");
  return `The race, as a line per team: totals after round ${running.length}: ${totals}.`;
}

// A team's mark at each round: a circle, a square, a triangle or a diamond, by team.
function mark(t, px, py) {
  const m = MARK_UNITS;
  const shapes = [
    () => svgElement("circle", { cx: px, cy: py, r: m }),
    () => svgElement("rect", { x: px - m, y: py - m, width: m + m, height: m + m }),
    () => svgElement("path", { d: `M${px} ${py - m}L${px + m} ${py + m}H${px - m}Z` }),
    () => svgElement("path", { d: `M${px} ${py - m}L${px + m} ${py}L${px} ${py + m}L${px - m} ${py}Z` }),
  ];
  const shape = shapes[t % shapes.length]();
  shape.setAttribute("class", "hf-race__mark");
  return shape;
}

// The key's sample of a team's line and mark.
function keySample(t) {
  const sample = svgElement("svg", {
    class: `hf-race__sample hf-race__team--${t}`,
    viewBox: `0 0 ${SAMPLE_WIDTH_UNITS} ${SAMPLE_MIDDLE_UNITS + SAMPLE_MIDDLE_UNITS}`,
  });
  const dashes = DASHES[t % DASHES.length] || null;
  const my = SAMPLE_MIDDLE_UNITS;
  sample.append(
    svgElement("line", {
      class: "hf-race__line",
      x1: 0,
      x2: SAMPLE_WIDTH_UNITS,
      y1: my,
      y2: my,
      "stroke-dasharray": dashes,
    }),
    mark(t, SAMPLE_MARK_UNITS, my),
  );
  return sample;
}

function svgElement(tag, attributes, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  element.append(...children.flat());
  return element;
}
