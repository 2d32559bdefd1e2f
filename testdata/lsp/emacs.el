;;; testdata/lsp/emacs.el: dgslint --lsp in Emacs with eglot, set up by
;;; the recipe of dgslint(1) as the page prints it (.ci/integration
;;; extracts it to RECIPE), headless:
;;;   DGSLINT_DIR=build RECIPE=recipe.el DOC=copy-of-fixtures/nvim.json \
;;;       OTHER=package.json emacs --batch -q -l testdata/lsp/emacs.el
;;; Debian 12: Emacs 28.2 and the elpa-eglot package (-q keeps Debian's
;;; site-start, which puts eglot on the load path).  Opens the defective
;;; document as a user would (find-file, then a command ends, which is when
;;; eglot-ensure connects), waits for the diagnostics and checks their
;;; codes and places; then a package.json, which must get none.  Prints
;;; "ok: ..." per check; the first mismatch prints "FAIL: ..." and exits 1.
(setq exec-path (cons (getenv "DGSLINT_DIR") exec-path))
(setenv "PATH" (concat (getenv "DGSLINT_DIR") ":" (getenv "PATH")))

(defun check (cond what)
  (if cond
      (princ (format "ok: %s\n" what))
    (princ (format "FAIL: %s\n" what))
    (kill-emacs 1)))

(defun diagnostics-of (file tenths)
  "Opens FILE as a user would, and waits TENTHS of a second at most for
its diagnostics."
  (find-file file)
  (run-hooks 'post-command-hook)	; what ends a command: eglot-ensure
  (let ((n 0))
    (while (and (< n tenths) (null (flymake-diagnostics)))
      (accept-process-output nil 0.1)
      (setq n (1+ n))))
  (mapcar (lambda (d)
            (cons (line-number-at-pos (flymake-diagnostic-beg d))
                  (flymake-diagnostic-text d)))
          (flymake-diagnostics)))

(load (getenv "RECIPE"))
(require 'eglot)
(let ((diags (diagnostics-of (getenv "DOC") 200)))
  (check (eq major-mode 'js-json-mode) "a .json file opens in js-json-mode")
  (check (eglot-current-server) "eglot started dgslint --lsp for it")
  (check (seq-find (lambda (d) (and (= (car d) 2)
                                    (string-match-p "\\[DGS401\\]" (cdr d))))
                   diags)
         "DGS401 (unknown generator) on line 2")
  (check (seq-find (lambda (d) (and (= (car d) 4)
                                    (string-match-p "\\[DGS205\\]" (cdr d))))
                   diags)
         "DGS205 (Metadata's spelling) on line 4"))
(diagnostics-of (getenv "OTHER") 30)
(check (null (flymake-diagnostics)) "package.json: other JSON, no diagnostic")
(kill-emacs 0)
