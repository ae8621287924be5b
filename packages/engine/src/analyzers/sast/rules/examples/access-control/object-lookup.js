const Note = require('./models/note');

module.exports = {
  readNote: async (req, res) => {
    // ruleid: js.access.object-lookup-without-owner-check
    const note = await Note.findOne({ no: req.params.noteId });
    res.json(note);
  },
  readOwnNote: async (req, res) => {
    // ok: js.access.object-lookup-without-owner-check
    const note = await Note.findOne({ no: req.params.noteId, user: req.user.id });
    res.json(note);
  },
  findForJob: async (job) => {
    // ok: js.access.object-lookup-without-owner-check
    return Note.findById(job.noteId);
  },
};
