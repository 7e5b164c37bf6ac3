// gobook serve: live reload. Reloads after a successful rebuild keeping the scroll
// position, swaps style sheets in place when only CSS changed, and shows build errors.
// The error overlay and the warnings panel close with their button (or Esc); a warnings
// panel dismissed stays away through reloads until its list of warnings changes.
(() => {
  const key = "gobook-scroll:" + location.pathname;
  const y = sessionStorage.getItem(key);
  if (y !== null) {
    sessionStorage.removeItem(key);
    addEventListener("load", () => scrollTo(0, +y));
  }
  // A page served without the overlay asks for the errors that stand: a build that failed
  // while it loaded signalled before it listened.
  const served = document.currentScript && document.currentScript.hasAttribute("data-gobook-served-overlay");
  const es = new EventSource(served ? "/__gobook/events" : "/__gobook/events?standing");
  es.addEventListener("reload", () => {
    // The board editor (serve/editor/editor.js) holds the reload while it is open, so that
    // a save elsewhere does not throw away the author's work on the board.
    if (window.gobookEditorHolds && window.gobookEditorHolds()) return;
    sessionStorage.setItem(key, String(scrollY));
    location.reload();
  });
  es.addEventListener("css", () => {
    for (const l of document.querySelectorAll('link[rel="stylesheet"]')) {
      const u = new URL(l.href);
      u.searchParams.set("v", Date.now());
      l.href = u.href;
    }
  });
  const dismissed = "gobook-warnings-dismissed";
  // Room below the book for the panel, so that its end can be scrolled clear of it.
  const makeRoom = (h) => {
    document.body.style.paddingBottom = h ? h + 24 + "px" : "";
  };
  // The list folds away under its heading; the choice holds through reloads, and a narrow
  // window starts folded.
  const folded = "gobook-warnings-folded";
  const fold = (w, yes) => {
    w.querySelector("ul").hidden = yes;
    w.querySelector("[data-gobook-toggle]").setAttribute("aria-expanded", String(!yes));
    makeRoom(w.offsetHeight);
  };
  const hideDismissed = () => {
    const w = document.getElementById("gobook-warnings");
    if (!w) return;
    if (sessionStorage.getItem(dismissed) === w.dataset.key) {
      w.remove();
      return;
    }
    const f = sessionStorage.getItem(folded);
    fold(w, f === null ? innerWidth < 700 : f === "1");
  };
  if (document.readyState === "loading") {
    addEventListener("DOMContentLoaded", hideDismissed);
  } else {
    hideDismissed();
  }
  const close = (box) => {
    if (box.id === "gobook-warnings") {
      sessionStorage.setItem(dismissed, box.dataset.key);
      makeRoom(0);
    }
    box.remove();
  };
  addEventListener("click", (e) => {
    const b = e.target.closest && e.target.closest("[data-gobook-close]");
    if (b) close(b.closest("#gobook-overlay, #gobook-warnings"));
    const t = e.target.closest && e.target.closest("[data-gobook-toggle]");
    if (t) {
      const yes = t.getAttribute("aria-expanded") === "true";
      sessionStorage.setItem(folded, yes ? "1" : "0");
      fold(t.closest("#gobook-warnings"), yes);
    }
  });
  addEventListener("keydown", (e) => {
    const o = document.getElementById("gobook-overlay");
    if (e.key === "Escape" && o) close(o);
  });
  // The overlay's words in the language of the page it lies over, when the book has it.
  const localize = () => {
    const o = document.getElementById("gobook-overlay");
    try {
      const w = o && JSON.parse(o.dataset.gobookWords || "{}")[document.documentElement.lang];
      if (!w) return;
      o.lang = document.documentElement.lang;
      o.querySelector("[data-gobook-message]").textContent = w[0];
      const b = o.querySelector("[data-gobook-close]");
      b.setAttribute("aria-label", w[1]);
      b.title = w[2];
    } catch (e) {
      // Words that do not parse: the overlay keeps the book's first language.
    }
  };
  addEventListener("DOMContentLoaded", localize);
  es.addEventListener("errors", (e) => {
    document.getElementById("gobook-overlay")?.remove();
    document.body.insertAdjacentHTML("beforeend", e.data);
    localize();
  });
})();
