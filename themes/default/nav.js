// gobook-nav-LANG.js: the list of a language's pages that every page's sidebar shows,
// written once for the whole site (issue #50: in every page, it made the site grow with
// the square of its chapters). Before this code the build puts the list's items as HTML
// in `self.gbNavList`. The page gives its place in the list (`data-page` on #gb-side);
// that item is marked as the current page. Without scripts the sidebar holds a link to
// the contents page instead, which lists every page in its HTML.
(function gobookNav() {
'use strict';
const nav = document.getElementById('gb-side');
const list = nav && nav.querySelector('.gb-side-list');
if (!list || typeof self.gbNavList !== 'string') return;
list.innerHTML = self.gbNavList;
const item = list.children[Number(nav.dataset.page)];
const here = item && item.querySelector('a');
if (here) here.setAttribute('aria-current', 'page');
// The sidebar opens on wide screens, where it stands beside the text, with the current
// page in its view; on narrow ones it stays folded under the top bar, as the HTML has it.
const box = document.getElementById('gb-side-box');
if (box && matchMedia('(min-width: 90rem)').matches) {
  box.open = true;
  if (here && here.offsetTop + here.offsetHeight > nav.clientHeight) {
    nav.scrollTop = here.offsetTop - nav.clientHeight / 3;
  }
}
})();
