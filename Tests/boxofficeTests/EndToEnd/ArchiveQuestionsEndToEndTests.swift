@testable import BoxOfficeApp
@testable import boxoffice
import BoxOfficeArchive
import BoxOfficeCore
import Foundation
import Testing

/// Questions the archive cannot answer say so: a period in the future is a usage error, a period
/// of which it holds no day names the sync that fills it and its cost, and no archive at all says
/// so first; a sync stopped at its budget counts the nights left at the nightly budget.
struct ArchiveQuestionsEndToEndTests {
    @Test func aPeriodInTheFutureIsAUsageErrorAndAnEmptyOneNamesItsSync() async throws {
        let state = BinaryRunner(keys: false)
        let none = try await state.run(["top", "--year", "2023"])
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.hasPrefix("Error: No archive at "), "\(none.stderr)")
        _ = try await state.run(["archive", "sync", "--from", "2023-08-11", "--to", "2023-08-12", "--replay", "Fixtures"])
        let today = KSTDate.today(at: Date())
        let nextMonth = today.adding(days: 32)
        let monthText = "\(nextMonth.year)-\(nextMonth.month < 10 ? "0" : "")\(nextMonth.month)"
        for arguments in [["top", "--year", "2099"], ["share", "--month", monthText], ["top", "--year", String(today.year + 1)]] {
            let run = try await state.run(arguments)
            BinaryRunner.expectFailure(run, status: 64, mentioning: ["in the future"])
        }
        let july = try await state.run(["top", "--month", "2023-07", "--format", "json"])
        BinaryRunner.expectFailure(
            july, status: 75,
            mentioning: ["holds no day of 2023-07-01 to 2023-07-31", "boxoffice archive sync --from 2023-07-01 --to 2023-07-31", "31 KOBIS calls"])
        #expect(!july.stderr.contains("key"), "no key is asked for: \(july.stderr)")
        let held = try await state.run(["top", "--from", "2023-08-11", "--to", "2023-08-12", "--format", "json"])
        #expect(held.status == 0, "\(held.stderr)")
    }

    /// `boxoffice archive`, a group named alone, shows the group's help as `git` and `gh` do.
    @Test func aGroupNamedAloneShowsItsHelp() async throws {
        let state = BinaryRunner(keys: false)
        for group in ["archive", "cache", "config"] {
            let run = try await state.run([group])
            #expect(
                run.status == 0 && run.stdout.hasPrefix("OVERVIEW: ") && run.stdout.contains("SUBCOMMANDS:") && run.stderr.isEmpty,
                "\(group): \(run.stderr)")
        }
    }

    @Test func aSyncStoppedAtItsBudgetCountsTheNightsAtTheNightlyBudget() {
        var result = BoxOfficeArchive.SyncResult()
        result.daysLeft = 5_477
        result.isStoppedByBudget = true
        // A second sync the same day could spend 3 calls; the nights are counted at 2,900 a night.
        let message = SyncBudgetSpent(result: result, budget: 3, nightly: 2_900).message
        #expect(message.contains("5,477 days") && message.contains("about 2 more nights at 2,900 calls a night"), "\(message)")
        let spent = SyncBudgetSpent(result: result, budget: 0, nightly: 2_900, isQuotaSpent: true).message
        #expect(spent.hasPrefix("Today's KOBIS calls are spent") && spent.contains("renews at midnight in Seoul"), "\(spent)")
    }
}
