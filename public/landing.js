// Shows the signed-out notice when the app sends the user here with ?logged_out=1.
if (new URLSearchParams(window.location.search).get("logged_out") === "1") {
  document.getElementById("signed-out").hidden = false;
}
