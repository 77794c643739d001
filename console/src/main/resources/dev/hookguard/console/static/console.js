// The Hookguard console page. Plain JavaScript, no build step. Every value from the API is attacker-influenced
// (event ids, errors, headers, bodies), so it is only ever set through textContent or attributes, never as HTML.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const TOKEN = 'hookguard-console-token';
  const state = { session: null, cursor: null, selected: null, bodyView: 'text' };

  function el(tag, text, attributes) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    Object.entries(attributes || {}).forEach(([name, value]) => node.setAttribute(name, value));
    return node;
  }

  function say(text, kind) {
    const status = $('status');
    status.textContent = text;
    status.className = kind || '';
  }

  async function api(path, options) {
    const request = Object.assign({ credentials: 'same-origin' }, options);
    const headers = Object.assign({ Accept: 'application/json' }, request.headers);
    const token = sessionStorage.getItem(TOKEN);
    if (token) headers.Authorization = 'Bearer ' + token;
    if (request.method === 'POST' && state.session) headers[state.session.csrfHeader] = state.session.csrfToken;
    request.headers = headers;
    const response = await fetch('api/' + path, request);
    if (response.status === 401) {
      showSignIn();
      throw new Error('Sign in to use the console.');
    }
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      throw new Error(body.error || 'The console answered HTTP ' + response.status + '.');
    }
    return response;
  }

  const json = async (path, options) => (await api(path, options)).json();
  const post = (path, params) => json(path, { method: 'POST', body: params });

  function showSignIn() {
    $('console').hidden = true;
    $('signin').hidden = false;
    $('token').focus();
  }

  async function start() {
    try {
      state.session = await json('session');
    } catch (error) {
      say(error.message, 'error');
      return;
    }
    $('signin').hidden = true;
    $('console').hidden = false;
    const session = state.session;
    $('operator').textContent = 'Signed in as ' + session.operator + (session.canWrite ? '' : ' (read only)');
    document.body.classList.toggle('read-only', !session.canWrite);
    fillFilter(session);
    await refresh();
  }

  function fillFilter(session) {
    const endpoint = $('f-endpoint');
    endpoint.replaceChildren(...session.endpoints.map((name) => el('option', name, { value: name })));
    const status = $('f-status');
    status.replaceChildren(el('legend', 'Status'));
    session.listings.forEach((listing) => {
      const box = el('input', null, { type: 'checkbox', name: 'status', value: listing, id: 'status-' + listing });
      box.checked = listing === 'dead' || listing === 'rejected';
      const label = el('label', null, { for: box.id });
      label.append(box, ' ' + listing);
      status.append(label);
    });
    const errorClass = $('f-class');
    errorClass.replaceChildren(el('option', 'any', { value: '' }),
      ...session.errorClasses.map((code) => el('option', code, { value: code })));
    const head = $('counts-head');
    head.replaceChildren(el('th', 'Endpoint', { scope: 'col' }), el('th', 'Dead letters', { scope: 'col', class: 'num' }),
      ...session.errorClasses.map((code) => el('th', code, { scope: 'col', class: 'num' })));
  }

  function filterParams() {
    const params = new URLSearchParams();
    params.set('endpoint', $('f-endpoint').value);
    document.querySelectorAll('#f-status input:checked').forEach((box) => params.append('listing', box.value));
    if ($('f-class').value) params.set('errorClass', $('f-class').value);
    ['from', 'to'].forEach((name) => {
      const value = $('f-' + name).value;
      if (value) params.set(name, new Date(value).toISOString());
    });
    if ($('f-q').value.trim()) params.set('text', $('f-q').value.trim());
    return params;
  }

  function statusParams() {
    const params = new URLSearchParams();
    document.querySelectorAll('#f-status input:checked').forEach((box) => params.append('listing', box.value));
    return params;
  }

  async function refresh() {
    try {
      await Promise.all([loadCounts(), loadRecords(true), loadControls().catch(() => { $('endpoint-controls').hidden = true; })]);
    } catch (error) {
      say(error.message, 'error');
    }
  }

  async function loadCounts() {
    const counts = await json('counts?' + statusParams());
    const rows = counts.endpoints.map((entry) => {
      const row = el('tr', null, { 'data-endpoint': entry.endpoint });
      row.append(el('th', entry.endpoint, { scope: 'row' }), el('td', entry.deadLetters, { class: 'num dead-letters' }));
      state.session.errorClasses.forEach((code) => {
        const cell = el('td', null, { class: 'num', 'data-class': code });
        const count = entry.classes[code];
        if (count > 0) {
          const button = el('button', count, { type: 'button', title: 'Show ' + code + ' on ' + entry.endpoint });
          button.addEventListener('click', () => filterByClass(entry.endpoint, code));
          cell.append(button);
        } else {
          cell.textContent = '0';
        }
        row.append(cell);
      });
      return row;
    });
    $('counts').tBodies[0].replaceChildren(...rows);
  }

  // Endpoints: each endpoint's dispatching (paused or running, kept in the store for every node) and, for an
  // operator, a pause / resume with a note. Self-contained: its own section, table and API routes.
  async function loadControls() {
    const rows = await Promise.all(state.session.endpoints.map(async (endpoint) => {
      const controls = await json('endpoint?endpoint=' + encodeURIComponent(endpoint));
      const row = el('tr', null, { 'data-endpoint': endpoint });
      const last = controls.lastChange;
      row.append(
        el('th', endpoint, { scope: 'row' }),
        el('td', controls.paused ? 'paused' : 'running', { class: controls.paused ? 'paused' : 'running' }),
        el('td', last ? last.action + ' by ' + last.actor + ' at ' + last.at + (last.note ? ': ' + last.note : '') : '—'));
      const cell = el('td', null, { class: 'write' });
      const note = el('input', null, { type: 'text', 'aria-label': 'Note for ' + endpoint, placeholder: 'why (ticket, incident)' });
      const action = controls.paused ? 'resume' : 'pause';
      const button = el('button', action === 'pause' ? 'Pause' : 'Resume', { type: 'button', 'data-action': action });
      button.addEventListener('click', async () => {
        try {
          await post('endpoints/' + action, new URLSearchParams({ endpoint, note: note.value }));
          say(endpoint + ': dispatching ' + (action === 'pause' ? 'paused' : 'resumed') + ' on every node.', 'ok');
          await loadControls();
        } catch (error) {
          say(error.message, 'error');
        }
      });
      cell.append(note, button);
      row.append(cell);
      return row;
    }));
    $('controls').tBodies[0].replaceChildren(...rows);
  }

  function filterByClass(endpoint, code) {
    $('f-endpoint').value = endpoint;
    $('f-class').value = code;
    refresh();
  }

  async function loadRecords(reset) {
    if (reset) state.cursor = null;
    const params = filterParams();
    if (state.cursor) params.set('cursor', state.cursor);
    const [page, count] = await Promise.all([json('records?' + params), reset ? json('count?' + filterParams()) : null]);
    const rows = page.records.map(recordRow);
    if (reset) $('records').tBodies[0].replaceChildren(...rows);
    else $('records').tBodies[0].append(...rows);
    if (count) $('count').textContent = '(' + count.count + ')';
    state.cursor = page.nextCursor;
    $('more').hidden = !page.nextCursor;
  }

  function recordRow(record) {
    const row = el('tr', null, { tabindex: '0', 'data-event-id': record.eventId });
    row.append(el('td', record.eventId, { class: 'event-id' }), el('td', record.status, { class: 'record-status' }),
      el('td', record.errorClass || '', { class: 'error-class' }), el('td', record.attempts, { class: 'num' }),
      el('td', record.reason || '', { class: 'error', title: record.reason || '' }),
      el('td', when(record.updatedAt)));
    const open = () => openRecord(record.endpoint, record.eventId);
    row.addEventListener('click', open);
    row.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        open();
      }
    });
    return row;
  }

  const when = (instant) => (instant ? new Date(instant).toLocaleString() : '');

  async function openRecord(endpoint, eventId) {
    try {
      const params = new URLSearchParams({ endpoint, id: eventId, body: state.bodyView });
      const record = await json('record?' + params);
      state.selected = record;
      showRecord(record);
    } catch (error) {
      say(error.message, 'error');
    }
  }

  function showRecord(record) {
    $('detail').hidden = false;
    $('d-key').textContent = record.endpoint + ':' + record.eventId;
    const fields = [['Status', record.status], ['Error class', record.errorClass], ['Attempts', record.attempts],
      ['Reason', record.reason], ['Created', when(record.createdAt)], ['Changed', when(record.updatedAt)],
      ['Due', when(record.nextAttemptAt)], ['Fingerprint', record.fingerprint]];
    $('d-fields').replaceChildren(...fields.flatMap(([name, value]) =>
      [el('dt', name), el('dd', value === null || value === undefined || value === '' ? '—' : value, { 'data-field': name })]));
    const payload = record.payload;
    const headers = payload ? Object.entries(payload.headers) : [];
    $('d-headers').tBodies[0].replaceChildren(...headers.map(([name, values]) => {
      const row = el('tr');
      row.append(el('th', name, { scope: 'row' }), el('td', values.join(', ')));
      return row;
    }));
    $('d-body').textContent = payload ? payload.body : '(no payload kept)';
    $('body-view').textContent = payload && payload.bodyEncoding === 'hex' ? 'Show as text' : 'Show as hex';
    $('history').tBodies[0].replaceChildren(...record.history.map((entry) => {
      const row = el('tr');
      row.append(el('td', when(entry.at)), el('td', entry.actor), el('td', entry.action), el('td', entry.note || ''));
      return row;
    }));
    $('detail-title').scrollIntoView({ block: 'nearest' });
  }

  async function act(action) {
    const record = state.selected;
    if (!record) return;
    const params = new URLSearchParams({ endpoint: record.endpoint, id: record.eventId, note: $('note').value });
    try {
      await post('actions/' + action, params);
      say(action + ' of ' + record.eventId + ': done.', 'ok');
      $('note').value = '';
      await refresh();
      await openRecord(record.endpoint, record.eventId);
    } catch (error) {
      say(error.message, 'error');
    }
  }

  async function bulk(event) {
    event.preventDefault();
    const action = $('bulk-action').value;
    try {
      const { count } = await json('count?' + filterParams());
      const text = action + ' ' + count + ' record' + (count === 1 ? '' : 's') + ' of endpoint '
        + $('f-endpoint').value + ' that match the filter?';
      if (!(await confirmed(text))) return;
      const params = filterParams();
      params.set('note', $('bulk-note').value);
      const result = await post('bulk/' + action, params);
      say(action + ': ' + result.updated + ' of ' + result.matched + ' records changed.', 'ok');
      $('bulk-note').value = '';
      await refresh();
      if (state.selected) await openRecord(state.selected.endpoint, state.selected.eventId);
    } catch (error) {
      say(error.message, 'error');
    }
  }

  function confirmed(text) {
    const dialog = $('confirm');
    $('confirm-text').textContent = text;
    return new Promise((resolve) => {
      dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true });
      dialog.showModal();
      $('confirm-cancel').focus();
    });
  }

  async function exportFilter(event) {
    event.preventDefault();
    try {
      const blob = await (await api('export?' + filterParams(), { headers: { Accept: 'application/x-ndjson' } })).blob();
      const link = el('a', null, { href: URL.createObjectURL(blob), download: 'hookguard-' + $('f-endpoint').value + '.jsonl' });
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      say(error.message, 'error');
    }
  }

  document.addEventListener('DOMContentLoaded', () => {
    $('signin').addEventListener('submit', (event) => {
      event.preventDefault();
      sessionStorage.setItem(TOKEN, $('token').value);
      $('token').value = '';
      start();
    });
    $('filter').addEventListener('submit', (event) => {
      event.preventDefault();
      say('');
      refresh();
    });
    $('more').addEventListener('click', () => loadRecords(false).catch((error) => say(error.message, 'error')));
    $('bulk').addEventListener('submit', bulk);
    $('export').addEventListener('click', exportFilter);
    document.querySelectorAll('#actions button').forEach((button) =>
      button.addEventListener('click', () => act(button.dataset.action)));
    $('body-view').addEventListener('click', () => {
      state.bodyView = state.bodyView === 'text' ? 'hex' : 'text';
      if (state.selected) openRecord(state.selected.endpoint, state.selected.eventId);
    });
    document.addEventListener('keydown', (event) => {
      const typing = ['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement.tagName);
      if (event.key === '/' && !typing) {
        event.preventDefault();
        $('f-q').focus();
      }
    });
    start();
  });
})();
