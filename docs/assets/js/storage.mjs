// Writing to this browser's localStorage without ever throwing: a refusal comes back in a player's words.

export function storageProblem(error) {
  return error?.name === "QuotaExceededError"
    ? "this device's storage for this site is full"
    : "this browser does not let the site keep data";
}

// {ok: true}, or {ok: false, problem} when the browser refused to keep `value` under `key`.
export function store(key, value) {
  try {
    localStorage.setItem(key, value);
    return { ok: true };
  } catch (error) {
    return { ok: false, problem: storageProblem(error) };
  }
}
