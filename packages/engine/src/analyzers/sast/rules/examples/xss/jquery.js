/* global $, DOMPurify */
export function show(paste, items) {
  // ruleid: js.xss.jquery-html-dynamic
  $('#gallery').append(`<div class="card"><pre>${paste.content}</pre></div>`);
  // ruleid: js.xss.jquery-html-dynamic
  $('#title').html('<h3>' + paste.title + '</h3>');
  // ruleid: js.xss.jquery-html-dynamic
  const row = $('<tr><td>' + paste.owner + '</td></tr>');
  // ok: js.xss.jquery-html-dynamic
  $('#title').text(paste.title);
  // ok: js.xss.jquery-html-dynamic
  $('#list').append($('<li>').text(items[0]));
  // ok: js.xss.jquery-html-dynamic
  $('#body').html(DOMPurify.sanitize(`<p>${paste.content}</p>`));
  // ok: js.xss.jquery-html-dynamic
  $('#count').html(`${items.length}`);
  // ok: js.xss.jquery-html-dynamic
  $('#fragment').html(paste.renderedHtml);
  return row;
}
