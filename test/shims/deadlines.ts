import { configure } from '@testing-library/dom'

// Tests wait for conditions (waitFor, findBy*), which end as soon as the condition holds: the deadline only says how
// long a failure takes to show. On a loaded machine (two shared cores running several suites) a render after the
// dialog's 300 ms closing timer can take longer than testing-library's default 1000 ms, so the deadline is generous
// (at load 19–23 on 2 cores a render can take seconds: 10 s).
configure({ asyncUtilTimeout: 10_000 })
