// Runs EPUBCheck on many e-books in one Java virtual machine, for the tests
// (tests/it/epub_build.rs): starting a JVM per e-book cost more than checking it.
// Usage: java -cp epubcheck.jar Batch.java BOOK.epub REPORT.json [BOOK.epub REPORT.json ...]
// Each report is EPUBCheck's own JSON, as `epubcheck BOOK.epub --json REPORT.json` writes it.

import com.adobe.epubcheck.tool.EpubChecker;

public class Batch {
    public static void main(String[] args) {
        if (args.length == 0 || args.length % 2 != 0) {
            System.err.println("usage: Batch BOOK.epub REPORT.json [BOOK.epub REPORT.json ...]");
            System.exit(2);
        }
        for (int i = 0; i < args.length; i += 2) {
            // The exit status is read from the report (its counts), not from here.
            new EpubChecker().run(new String[] {args[i], "--json", args[i + 1], "--quiet"});
        }
    }
}
