// The Hookguard console page. Plain JavaScript, no build step. Every value from the API is attacker-influenced
// (event ids, errors, headers, bodies), so it is only ever set through textContent or attributes, never as HTML.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const TOKEN = 'hookguard-console-token';
  const UNSETTLED = ['QUEUED', 'PROCESSING'];
  const state = { session: null, cursor: null, auditCursor: null, selected: null, bodyView: 'text', picked: new Set() };

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
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // Times: local, with their zone, one line ("2026-12-03 09:05:12 CET"); the exact instant is in the title.
  const pad = (n) => String(n).padStart(2, '0');
  function zoneOf(date) {
    const part = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' }).formatToParts(date)
      .find((p) => p.type === 'timeZoneName');
    return part ? part.value : '';
  }
  function when(instant, short) {
    if (!instant) return '';
    const d = new Date(instant);
    return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + ' ' + pad(d.getHours()) + ':'
      + pad(d.getMinutes()) + (short ? '' : ':' + pad(d.getSeconds())) + ' ' + zoneOf(d);
  }
  function timeCell(tag, instant, short) {
    const cell = el(tag);
    if (instant) cell.append(el('time', when(instant, short), { datetime: instant, title: instant }));
    return cell;
  }

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
    say('');
    $('signin').hidden = true;
    $('console').hidden = false;
    const session = state.session;
    $('operator').textContent = 'Signed in as ' + session.operator + (session.canWrite ? '' : ' (read only)');
    $('zone').textContent = 'Times in ' + zoneOf(new Date());
    $('f-from-label').textContent = 'Changed from (' + zoneOf(new Date()) + ')';
    $('a-from-label').textContent = 'From (' + zoneOf(new Date()) + ')';
    if (!session.canWrite) readOnly();
    else applyRules(session.actions || {});
    fillFilter(session);
    await refresh();
  }

  // A reader gets no write control at all: removed from the page, not merely refused by the API.
  function readOnly() {
    document.body.classList.add('read-only');
    document.querySelectorAll('.write').forEach((node) => node.remove());
    document.querySelectorAll('#records th.pick').forEach((node) => node.replaceChildren());
  }

  // Each action's role and required fields, as the API enforces them: what the operator may not do is removed, what
  // an action requires is said next to the fields.
  const FIELD_NAMES = { reason: 'reason', ticketId: 'ticket id', fixSummary: 'fix summary' };
  function applyRules(actions) {
    Object.entries(actions).forEach(([action, rule]) => {
      if (rule.allowed) return;
      document.querySelectorAll('#actions button[data-action=' + action + '], #bulk-action option[value=' + action + ']')
        .forEach((node) => node.remove());
    });
    const needs = Object.entries(actions).filter(([, rule]) => rule.allowed && rule.requires.length > 0)
      .map(([action, rule]) => action + ' needs ' + rule.requires.map((f) => FIELD_NAMES[f] || f).join(' and '));
    $('requirements').textContent = needs.length ? needs.join('; ') + '.' : '';
    if (!$('bulk-action').options.length) $('bulk').remove();
  }

  function fields(params, prefix) {
    params.set('note', $(prefix + 'note').value);
    params.set('ticketId', $(prefix + 'ticket').value);
    params.set('fixSummary', $(prefix + 'fix').value);
    return params;
  }

  function clearFields(prefix) {
    ['note', 'ticket', 'fix'].forEach((name) => { $(prefix + name).value = ''; });
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
    $('a-endpoint').replaceChildren(...session.endpoints.map((name) => el('option', name, { value: name })));
    const errorClass = $('f-class');
    errorClass.replaceChildren(el('option', 'any', { value: '' }),
      ...session.errorClasses.map((code) => el('option', code, { value: code })));
  }

  // The search box: "/pointer = value" is a JSON-pointer match on the payload, anything else text in id or error.
  function search(params) {
    const text = $('f-q').value.trim();
    if (!text) return;
    if (/^\/[^=]*=/.test(text)) params.set('match', text);
    else params.set('text', text);
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
    if ($('f-exception').value.trim()) params.set('exception', $('f-exception').value.trim());
    search(params);
    return params;
  }

  function statusParams() {
    const params = new URLSearchParams();
    document.querySelectorAll('#f-status input:checked').forEach((box) => params.append('listing', box.value));
    return params;
  }

  async function refresh() {
    try {
      await Promise.all([loadStore(), loadCounts(), loadRecords(true), loadAudit(true),
        loadControls().catch(() => { $('endpoint-controls').hidden = true; })]);
    } catch (error) {
      say(error.message, 'error');
    }
  }

  // What the store runs on, as the Actuator's health shows it: a failover or a restart loses what the server's
  // persistence and replication do not keep, so an operator sees them next to the dead letters.
  const STORE_FACTS = [
    ['store', 'Type'], ['up', 'State'], ['cache', 'Cache'], ['version', 'Version'], ['topology', 'Topology'],
    ['aof', 'Append-only file'], ['appendfsync', 'appendfsync'], ['replicas', 'Replicas in sync'],
    ['durability', 'Durability'], ['durabilityShortfalls', 'Durability shortfalls'], ['error', 'Error']];

  async function loadStore() {
    const health = await json('store');
    const facts = Object.assign({ up: health.up === null ? 'unknown' : (health.up ? 'up' : 'down') }, health.details);
    if (typeof facts.aof === 'boolean') {
      facts.aof = facts.aof ? 'on' : 'off';
    }
    const items = STORE_FACTS.filter(([key]) => facts[key] !== undefined && facts[key] !== null)
      .flatMap(([key, label]) => [el('dt', label), el('dd', String(facts[key]), { 'data-fact': key })]);
    $('store-facts').replaceChildren(...items);
  }

  async function loadCounts() {
    const counts = await json('counts?' + statusParams());
    // Only the classes that occur get a column, so the overview stays one short table.
    const shown = state.session.errorClasses.filter((code) => counts.endpoints.some((entry) => entry.classes[code] > 0));
    $('counts-head').replaceChildren(el('th', 'Endpoint', { scope: 'col' }),
      el('th', 'Dead letters', { scope: 'col', class: 'num' }),
      ...shown.map((code) => el('th', code, { scope: 'col', class: 'num' })));
    const rows = counts.endpoints.map((entry) => {
      const row = el('tr', null, { 'data-endpoint': entry.endpoint });
      row.append(el('th', entry.endpoint, { scope: 'row' }), el('td', entry.deadLetters, { class: 'num dead-letters' }));
      shown.forEach((code) => {
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
        lastChange(last));
      // what this node's dispatcher last sampled: its breaker, the dispatches its delivery rate held back, the queue
      const sample = controls.dispatcher;
      row.append(
        el('td', sample ? sample.breaker.replace('_', '-') : 'no dispatcher here', { 'data-fact': 'breaker', class: sample ? 'breaker-' + sample.breaker : '' }),
        el('td', sample ? String(sample.rateLimited) : '—', { 'data-fact': 'rateLimited' }),
        el('td', sample ? sample.dueNow + ' / ' + sample.depth : '—', { 'data-fact': 'due' }));
      const action = controls.paused ? 'resume' : 'pause';
      const rule = (state.session.actions || {})[action] || { allowed: true, requires: [] };
      if (!state.session.canWrite || !rule.allowed) {
        return row; // no pause or resume for a reader, or where the action's role is missing (the API says 403)
      }
      const cell = el('td', null, { class: 'write' });
      const note = el('input', null, { type: 'text', 'aria-label': 'Note for ' + endpoint, placeholder: 'why (ticket, incident)' });
      cell.append(note);
      const extra = {};
      ['ticketId', 'fixSummary'].filter((field) => rule.requires.includes(field)).forEach((field) => {
        extra[field] = el('input', null, { type: 'text', 'aria-label': FIELD_NAMES[field] + ' for ' + endpoint, placeholder: FIELD_NAMES[field], 'data-field': field });
        cell.append(extra[field]);
      });
      const button = el('button', action === 'pause' ? 'Pause' : 'Resume', { type: 'button', 'data-action': action });
      button.addEventListener('click', async () => {
        try {
          const params = new URLSearchParams({ endpoint, note: note.value });
          Object.entries(extra).forEach(([field, input]) => params.set(field, input.value));
          await post('endpoints/' + action, params);
          say(endpoint + ': dispatching ' + (action === 'pause' ? 'paused' : 'resumed') + ' on every node.', 'ok');
          await loadControls();
        } catch (error) {
          say(error.message, 'error');
        }
      });
      cell.append(button);
      row.append(cell);
      return row;
    }));
    $('controls').tBodies[0].replaceChildren(...rows);
  }

  function lastChange(last) {
    const cell = el('td', last ? null : '—');
    if (last) {
      cell.append(last.action + ' by ' + last.actor + ' at ',
        el('time', when(last.at), { datetime: last.at, title: last.at }), last.note ? ': ' + last.note : '');
    }
    return cell;
  }

  // The audit trail: every operator action that changed something on the chosen endpoint, newest first, kept by the
  // store across records (a record's own history is in its panel).
  function auditParams() {
    const params = new URLSearchParams({ endpoint: $('a-endpoint').value });
    if ($('a-actor').value.trim()) params.set('actor', $('a-actor').value.trim());
    if ($('a-action').value) params.set('action', $('a-action').value);
    ['from', 'to'].forEach((name) => {
      const value = $('a-' + name).value;
      if (value) params.set(name, new Date(value).toISOString());
    });
    return params;
  }

  async function loadAudit(reset) {
    if (reset) state.auditCursor = null;
    const params = auditParams();
    if (state.auditCursor) params.set('cursor', state.auditCursor);
    const page = await json('audit?' + params);
    const rows = page.lines.map((line) => {
      const row = el('tr', null, { 'data-action': line.action });
      const record = el('td', null, { class: 'event-id' });
      if (line.eventId) {
        const open = el('button', line.eventId, { type: 'button', class: 'link', title: 'Open ' + line.eventId });
        open.addEventListener('click', () => openRecord(line.endpoint, line.eventId));
        record.append(open);
      } else {
        record.textContent = 'endpoint ' + line.endpoint;
      }
      row.append(timeCell('td', line.at), el('td', line.actor, { class: 'actor' }),
        el('td', line.action, { class: 'action' }), record, el('td', line.note || '', { class: 'note' }));
      return row;
    });
    if (reset) $('audit-lines').tBodies[0].replaceChildren(...rows);
    else $('audit-lines').tBodies[0].append(...rows);
    state.auditCursor = page.nextCursor;
    $('a-more').hidden = !page.nextCursor;
  }

  async function exportAudit(event) {
    event.preventDefault();
    try {
      const blob = await (await api('audit/export?' + auditParams(), { headers: { Accept: 'application/x-ndjson' } })).blob();
      const link = el('a', null, { href: URL.createObjectURL(blob), download: 'hookguard-audit-' + $('a-endpoint').value + '.jsonl' });
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      say(error.message, 'error');
    }
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
    if (reset) {
      const listed = new Set(page.records.map((record) => record.eventId));
      state.picked = new Set([...state.picked].filter((id) => listed.has(id)));
      $('records').tBodies[0].replaceChildren(...rows);
    } else {
      $('records').tBodies[0].append(...rows);
    }
    rows.forEach((row) => row.classList.toggle('picked', state.picked.has(row.dataset.eventId)));
    if (count) $('count').textContent = '(' + count.count + ')';
    state.cursor = page.nextCursor;
    $('more').hidden = !page.nextCursor;
    showPicked();
  }

  function recordRow(record) {
    const open = state.selected && state.selected.eventId === record.eventId;
    const row = el('tr', null, { tabindex: '0', 'data-event-id': record.eventId, class: open ? 'open' : '' });
    const pick = el('td', null, { class: 'pick' });
    if (state.session.canWrite) {
      const box = el('input', null, { type: 'checkbox', class: 'pick-one', 'aria-label': 'Select ' + record.eventId });
      box.checked = state.picked.has(record.eventId);
      box.addEventListener('click', (event) => event.stopPropagation());
      box.addEventListener('keydown', (event) => event.stopPropagation());
      box.addEventListener('change', () => pickOne(record.eventId, box.checked, row));
      pick.append(box);
    }
    row.append(pick, el('td', record.eventId, { class: 'event-id', title: record.eventId }),
      el('td', record.status, { class: 'record-status' }),
      el('td', record.errorClass || '', { class: 'error-class c-class' }),
      el('td', record.attempts, { class: 'num c-attempts' }),
      el('td', record.reason || '', { class: 'error', title: record.reason || '' }),
      timeCell('td', record.updatedAt, true));
    row.lastChild.classList.add('changed');
    const openIt = () => openRecord(record.endpoint, record.eventId);
    row.addEventListener('click', openIt);
    row.addEventListener('keydown', (event) => {
      if (event.target === row && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault();
        openIt();
      }
    });
    return row;
  }

  function pickOne(eventId, picked, row) {
    if (picked) state.picked.add(eventId);
    else state.picked.delete(eventId);
    row.classList.toggle('picked', picked);
    showPicked();
  }

  function pickAll(picked) {
    document.querySelectorAll('#records tbody tr').forEach((row) => {
      const box = row.querySelector('input.pick-one');
      if (box) box.checked = picked;
      pickOne(row.dataset.eventId, picked, row);
    });
  }

  function showPicked() {
    const button = $('bulk-selected');
    if (!button) return; // read only
    const n = state.picked.size;
    button.textContent = 'Apply to ' + n + ' selected';
    button.disabled = n === 0;
    const rows = document.querySelectorAll('#records tbody tr').length;
    $('pick-all').checked = rows > 0 && n === rows;
  }

  async function openRecord(endpoint, eventId) {
    try {
      const params = new URLSearchParams({ endpoint, id: eventId, body: state.bodyView });
      const record = await json('record?' + params);
      state.selected = record;
      showRecord(record);
      return record;
    } catch (error) {
      say(error.message, 'error');
      return null;
    }
  }

  function closeRecord() {
    state.selected = null;
    $('detail').hidden = true;
    document.body.classList.remove('drawer-open');
    document.querySelectorAll('#records tbody tr.open').forEach((row) => row.classList.remove('open'));
  }

  function showRecord(record) {
    $('detail').hidden = false;
    document.body.classList.add('drawer-open');
    document.querySelectorAll('#records tbody tr').forEach((row) =>
      row.classList.toggle('open', row.dataset.eventId === record.eventId));
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
    showAttempts(record.attemptLog || []);
    $('history').tBodies[0].replaceChildren(...record.history.map((entry) => {
      const row = el('tr');
      row.append(timeCell('td', entry.at), el('td', entry.actor), el('td', entry.action), el('td', entry.note || ''));
      return row;
    }));
  }

  // Every attempt the record keeps, newest first: one line of facts, then what it threw (full width) with its
  // stack trace folded below.
  function showAttempts(attempts) {
    $('d-attempt-count').textContent = '(' + attempts.length + ' kept)';
    const rows = [...attempts].reverse().flatMap((attempt) => {
      const row = el('tr', null, { class: 'attempt' });
      const retry = attempt.retryAfterMs !== null && attempt.retryAfterMs !== undefined
        ? ' (retry after ' + Math.round(attempt.retryAfterMs / 1000) + ' s)' : '';
      row.append(timeCell('td', attempt.at), el('td', attempt.source.replace('_', ' ')),
        el('td', attempt.durationMs + ' ms', { class: 'num' }), el('td', attempt.httpStatus || '—', { class: 'num' }),
        el('td', (attempt.errorClass || 'ok') + retry));
      if (!attempt.exceptionClass) return [row];
      const cell = el('td', null, { colspan: '5' });
      cell.append(el('div', attempt.exceptionClass + (attempt.message ? ': ' + attempt.message : ''),
        { class: 'exception' }));
      if (attempt.stackTrace) {
        const details = el('details');
        details.append(el('summary', 'Stack trace'), el('pre', attempt.stackTrace, { class: 'stack-trace' }));
        cell.append(details);
      }
      const traceRow = el('tr', null, { class: 'trace' });
      traceRow.append(cell);
      return [row, traceRow];
    });
    $('attempts').tBodies[0].replaceChildren(...rows);
  }

  // After an action the panel follows the record until it settles (a replay: QUEUED, PROCESSING, then its result),
  // so that what it shows is what the store holds, without a reload.
  async function follow(endpoint, eventId) {
    let record = await openRecord(endpoint, eventId);
    for (let i = 0; i < 60 && record && UNSETTLED.includes(record.status); i++) {
      await pause(500);
      if (!state.selected || state.selected.eventId !== eventId) return;
      record = await openRecord(endpoint, eventId);
    }
    await refresh();
  }

  async function act(action) {
    const record = state.selected;
    if (!record) return;
    const params = fields(new URLSearchParams({ endpoint: record.endpoint, id: record.eventId }), '');
    try {
      await post('actions/' + action, params);
      say(action + ' of ' + record.eventId + ': done.', 'ok');
      clearFields('');
      await refresh();
      await follow(record.endpoint, record.eventId);
    } catch (error) {
      say(error.message, 'error');
    }
  }

  async function afterBulk(action, result) {
    say(action + ': ' + result.updated + ' of ' + result.matched + ' records changed.', 'ok');
    clearFields('bulk-');
    await refresh();
    if (state.selected) await follow(state.selected.endpoint, state.selected.eventId);
  }

  async function bulk(event) {
    event.preventDefault();
    const action = $('bulk-action').value;
    try {
      const { count } = await json('count?' + filterParams());
      const text = action + ' ' + count + ' record' + (count === 1 ? '' : 's') + ' of endpoint '
        + $('f-endpoint').value + ' that match the filter?';
      if (!(await confirmed(text))) return;
      const params = fields(filterParams(), 'bulk-');
      await afterBulk(action, await post('bulk/' + action, params));
    } catch (error) {
      say(error.message, 'error');
    }
  }

  async function bulkSelected() {
    const action = $('bulk-action').value;
    const ids = [...state.picked];
    const endpoint = $('f-endpoint').value;
    try {
      const text = action + ' ' + ids.length + ' selected record' + (ids.length === 1 ? '' : 's') + ' of endpoint '
        + endpoint + '?';
      if (!(await confirmed(text))) return;
      const params = fields(new URLSearchParams({ endpoint }), 'bulk-');
      ids.forEach((id) => params.append('id', id));
      const result = await post('selected/' + action, params);
      state.picked.clear();
      await afterBulk(action, result);
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

  const on = (id, type, listener) => { if ($(id)) $(id).addEventListener(type, listener); };

  document.addEventListener('DOMContentLoaded', () => {
    on('signin', 'submit', (event) => {
      event.preventDefault();
      sessionStorage.setItem(TOKEN, $('token').value);
      $('token').value = '';
      start();
    });
    on('filter', 'submit', (event) => {
      event.preventDefault();
      say('');
      refresh();
    });
    on('more', 'click', () => loadRecords(false).catch((error) => say(error.message, 'error')));
    on('bulk', 'submit', bulk);
    on('bulk-selected', 'click', bulkSelected);
    on('pick-all', 'change', () => pickAll($('pick-all').checked));
    on('export', 'click', exportFilter);
    on('audit-filter', 'submit', (event) => {
      event.preventDefault();
      say('');
      loadAudit(true).catch((error) => say(error.message, 'error'));
    });
    on('a-more', 'click', () => loadAudit(false).catch((error) => say(error.message, 'error')));
    on('a-export', 'click', exportAudit);
    on('d-close', 'click', closeRecord);
    document.querySelectorAll('#actions button').forEach((button) =>
      button.addEventListener('click', () => act(button.dataset.action)));
    on('body-view', 'click', () => {
      state.bodyView = state.bodyView === 'text' ? 'hex' : 'text';
      if (state.selected) openRecord(state.selected.endpoint, state.selected.eventId);
    });
    document.addEventListener('keydown', (event) => {
      const typing = ['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement.tagName);
      if (event.key === '/' && !typing) {
        event.preventDefault();
        $('f-q').focus();
      } else if (event.key === 'Escape' && !typing && !$('confirm').open && state.selected) {
        closeRecord();
      }
    });
    start();
  });
})();
