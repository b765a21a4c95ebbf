// The one-time link's token travels in the address's fragment (#…), which browsers never send to a server, so it
// stays out of every log: this script moves it into the confirmation form and out of the address bar and the
// history. Nothing is sent until the learner confirms.
const form = document.getElementById("link-form");
const token = decodeURIComponent(window.location.hash.slice(1));
if (token) {
  document.getElementById("link-token").value = token;
  window.history.replaceState(null, "", window.location.pathname);
  form.hidden = false;
} else {
  document.getElementById("link-missing").hidden = false;
}
