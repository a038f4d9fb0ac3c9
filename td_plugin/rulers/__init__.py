"""The built-in rulers, each a plugin registered by `td_plugin.host.manager.PluginHost` like any
external one: ``consistency`` (result and score against contract and play), ``revokes``
(Laws 61-64), ``auction`` (irregularities recorded in the auction), ``results`` (the result as
entered: impossible results, artificial scores, the opening lead), ``movement`` (results
against the movement of the session), ``incidents`` (the Director's reports at the table of
an auction irregularity), ``play`` (his reports of an irregularity of the play period).
"""
