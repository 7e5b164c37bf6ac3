// gobook serve: live reload. Reloads after a successful rebuild keeping the scroll
// position, swaps style sheets in place when only CSS changed, and shows build errors.
(() => {
  const key = "gobook-scroll:" + location.pathname;
  const y = sessionStorage.getItem(key);
  if (y !== null) {
    sessionStorage.removeItem(key);
    addEventListener("load", () => scrollTo(0, +y));
  }
  const es = new EventSource("/__gobook/events");
  es.addEventListener("reload", () => {
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
  es.addEventListener("errors", (e) => {
    document.getElementById("gobook-overlay")?.remove();
    document.body.insertAdjacentHTML("beforeend", e.data);
  });
})();
