/** A "Go Back" button of a page that is not hydrated: the previous page, or the home page when there is none. */
export function startGoBack(): void {
  document.querySelectorAll('[data-go-back]').forEach((button) =>
    button.addEventListener('click', () => (window.history.length > 1 ? window.history.back() : window.location.assign('/'))),
  );
}
