"""DreadNought: two battle areas of caster, HP and unit slots, speed area and effect area; play by hand."""
