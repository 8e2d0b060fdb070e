// The Notes example app: everything a third-party app does with the platform, in one readable file.
// 1. Read `launch_token` from the URL, exchange it at once, and remove it from the URL.
// 2. Use the app APIs with the app access token: app data (notes), a rich document (the notebook), assets (pictures).
/* global document, window, fetch, sessionStorage, FormData, URL */
import { API_BASE } from './config.js';

const TOKEN_KEY = 'notes-app.session';
const $ = (id) => document.getElementById(id);
let session = null; // { access_token, expires_at, user, tenant, app }
let notebook = null; // the rich document, as the API last returned it

// ---- Opening the app ---------------------------------------------------------------------------------------

async function connect() {
  const url = new URL(window.location.href);
  const launchToken = url.searchParams.get('launch_token');
  if (launchToken) {
    // Single use and valid 60 s: exchange it before anything else, then take it out of the address bar and history.
    url.searchParams.delete('launch_token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    const res = await fetch(`${API_BASE}/api/v1/app-platform/runtime/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ launch_token: launchToken }),
    });
    if (!res.ok) throw new Error('This link has expired. Open Notes again from the platform.');
    const body = await res.json();
    session = { ...body, expires_at: Date.now() + body.expires_in * 1000 };
    // The token lives as long as this tab (15 minutes at most): a reload keeps working, a new tab relaunches.
    sessionStorage.setItem(TOKEN_KEY, JSON.stringify(session));
    return;
  }
  const kept = JSON.parse(sessionStorage.getItem(TOKEN_KEY) ?? 'null');
  if (!kept || kept.expires_at < Date.now()) throw new Error('Open Notes from the platform to start.');
  session = kept;
}

/** Calls an app API with the app token; throws an Error carrying the API's `detail` on failure. */
async function api(method, path, { json, form, headers = {} } = {}) {
  const res = await fetch(`${API_BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json ? JSON.stringify(json) : form,
  });
  if (res.status === 401) {
    sessionStorage.removeItem(TOKEN_KEY);
    throw Object.assign(new Error('Your session ended. Open Notes again from the platform.'), { status: 401 });
  }
  if (res.status === 204) return null;
  const body = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.blob();
  if (!res.ok) throw Object.assign(new Error(describe(body)), { status: res.status, body });
  return body;
}

/** The API's error detail, in words (a validation error lists each problem with where it is). */
function describe(body) {
  if (typeof body?.detail === 'string') return body.detail;
  if (Array.isArray(body?.detail)) return body.detail.map((d) => `${d.pointer ?? d.loc?.join('.')}: ${d.msg}`).join('; ');
  return 'Something went wrong';
}

// ---- Notes: app data (collection "notes") ----------------------------------------------------------------------

async function showNotes() {
  const list = await api('GET', '/api/v1/app-data/notes/?sort=created_at&order=desc&limit=100');
  $('notes').replaceChildren(
    ...list.items.map((note) => {
      const li = document.createElement('li');
      const title = document.createElement('strong');
      title.textContent = note.data.title;
      li.append(title, note.data.body ? ` — ${note.data.body}` : '');
      if (note.data.pinned) {
        const badge = document.createElement('span');
        badge.className = 'badge';
        badge.textContent = 'pinned';
        li.append(' ', badge);
      }
      return li;
    }),
  );
}

async function saveNote(event) {
  event.preventDefault();
  $('note-error').textContent = '';
  const data = { title: $('note-title').value.trim(), pinned: $('note-pinned').checked };
  if ($('note-body').value.trim()) data.body = $('note-body').value.trim();
  try {
    await api('POST', '/api/v1/app-data/notes/', { json: { data } });
    $('note-form').reset();
    await showNotes();
  } catch (error) {
    $('note-error').textContent = error.message;
  }
}

// ---- The notebook: a rich document with versions ----------------------------------------------------------------

const toContent = (text) => ({
  type: 'doc',
  content: text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] })),
});
const toText = (content) =>
  (content?.content ?? []).map((block) => (block.content ?? []).map((inline) => inline.text ?? '').join('')).join('\n');

async function loadNotebook() {
  const found = await api('GET', '/api/v1/rich-documents/?search=Notebook&limit=1');
  notebook = found.items.length
    ? await api('GET', `/api/v1/rich-documents/${found.items[0].id}`)
    : await api('POST', '/api/v1/rich-documents/', { json: { title: 'Notebook', content: toContent('') } });
  showNotebook();
}

function showNotebook() {
  $('notebook-text').value = toText(notebook.content);
  $('notebook-version').textContent = `Version ${notebook.version}`;
  void showPictures();
}

async function saveNotebook() {
  $('notebook-error').textContent = '';
  try {
    notebook = await api('PUT', `/api/v1/rich-documents/${notebook.id}`, {
      json: { content: toContent($('notebook-text').value), base_version: notebook.version },
    });
    showNotebook();
  } catch (error) {
    if (error.status === 409) {
      // Someone saved a newer version meanwhile: show it (the 409 carries it) rather than overwrite it.
      notebook = error.body.current;
      showNotebook();
      $('notebook-error').textContent = `The notebook changed elsewhere (now version ${notebook.version}); your text was not saved.`;
    } else $('notebook-error').textContent = error.message;
  }
}

// ---- Pictures: assets attached to the notebook ------------------------------------------------------------------

async function addPicture() {
  const file = $('picture').files[0];
  if (!file) return;
  $('picture-error').textContent = '';
  try {
    const form = new FormData();
    form.append('file', file);
    const asset = await api('POST', '/api/v1/app-assets/', { form });
    await api('POST', `/api/v1/app-assets/${asset.id}/attach`, { json: { rich_document_id: notebook.id } });
    notebook = await api('GET', `/api/v1/rich-documents/${notebook.id}`);
    $('picture').value = '';
    showNotebook();
  } catch (error) {
    $('picture-error').textContent = error.message;
  }
}

async function showPictures() {
  // Asset content needs the bearer token, so it is fetched and shown from a blob: URL (never a URL with a token in it).
  const images = await Promise.all(
    notebook.asset_ids.map(async (id) => {
      const img = document.createElement('img');
      img.src = URL.createObjectURL(await api('GET', `/api/v1/app-assets/${id}/content`));
      img.alt = 'Picture in the notebook';
      return img;
    }),
  );
  $('pictures').replaceChildren(...images);
}

// ---- Start -----------------------------------------------------------------------------------------------------

try {
  await connect();
  $('status').textContent = `${session.user.name || 'Signed in'} · ${session.tenant.name}`;
  $('app').hidden = false;
  $('note-form').addEventListener('submit', saveNote);
  $('notebook-save').addEventListener('click', saveNotebook);
  $('picture').addEventListener('change', addPicture);
  await Promise.all([showNotes(), loadNotebook()]);
} catch (error) {
  $('status').textContent = error.message;
}
