// Strata.swift: the public API module. Its object and realm layer arrives with issue [2/6]; until then
// it only re-exposes nothing, so that no half-finished public API ships.

import StrataCore
