// The offline page's script: a file, not inline, so the strict CSP (no 'unsafe-inline') lets it run.
document.getElementById('retry').addEventListener('click', () => location.reload());
// Back online: load the page that was asked for.
window.addEventListener('online', () => location.reload());
