// This build is consumed through Module Federation (`./App`); opened directly, it hands over to the
// shell page that hosts it.
window.location.replace('/my-tutoring');
